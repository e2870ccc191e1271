/** /longDragon: the 长龙助手 on a page of its own. */
import { Page } from '../../../ui';
import { LongDragon } from '../LongDragon';

export default function LongDragonPage() {
  return (
    <Page title="长龙助手" back>
      <div className="mx-auto max-w-xl">
        <LongDragon />
      </div>
    </Page>
  );
}
