/**
 * The image code's answer is stored only as a hash, so a test cannot read the one the page was
 * shown. Instead the test answers the page's next image-code request itself with a code made
 * by the server's own `issueImageCode` on the server's database: a real, single-use code whose
 * answer the test knows.
 */
import type { Page } from 'playwright-core';
import { decodeEnpathSegment, ENPATH_PREFIX } from '../../src/domain/enpath.ts';
import { issueImageCode } from '../../src/server/account/imageCode.ts';
import type { Sql } from '../../src/server/db/client.ts';

const IMAGE_CODE_PATH = '/v1/users/imageCode';

/** The real path of an enpath URL, or null. */
export function realPathOf(url: string): string | null {
  const { pathname } = new URL(url);
  if (!pathname.startsWith(ENPATH_PREFIX)) return null;
  return decodeEnpathSegment(pathname.slice(ENPATH_PREFIX.length));
}

/**
 * From now on the page's image codes are issued by the test; `answers` collects their answers
 * (the last one is the code on screen).
 */
export async function takeOverImageCodes(page: Page, sql: Sql): Promise<string[]> {
  const answers: string[] = [];
  await page.route(
    (url) => realPathOf(url.toString()) === IMAGE_CODE_PATH,
    async (route) => {
      const { imageKey, answer, svg } = await issueImageCode(sql);
      answers.push(answer);
      await route.fulfill({
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          code: 1,
          msg: '成功',
          data: {
            imageKey,
            image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
          },
        }),
      });
    },
  );
  return answers;
}
