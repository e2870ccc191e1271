/** Pages read route params with the route table's own rule: main.tsx gives it to wouter's <Router>. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Router, useRoute } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { matchPath, parseRoute } from '../../src/client/routeTable';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

function Trend() {
  const [matches, params] = useRoute('/trendChart/:id');
  return <p>{matches ? `走势 ${params.id}` : '无'}</p>;
}

describe('route table matcher', () => {
  it('matches as the table says: exact case, one segment per param, decoded, trailing slash ignored', () => {
    expect(matchPath('/lottery/:type/:code', '/lottery/SSC/1008/')).toMatchObject({
      type: 'SSC',
      code: '1008',
    });
    expect(matchPath('/trendChart/:id', '/trendChart/%E5%BF%AB3')).toMatchObject({ id: '快3' });
    expect(matchPath('/index', '/INDEX')).toBeNull();
    expect(matchPath('/trendChart/:id', '/trendChart/')).toBeNull();
    expect(matchPath('/trendChart/:id', '/trendChart/a/b')).toBeNull();
    expect(matchPath('/trendChart/:id', '/trendChart/%E5')).toBeNull();
  });

  it('is the matcher wouter uses under the app router', () => {
    history.replaceState(null, '', '/trendChart/%E5%BF%AB3');
    render(
      <Router parser={parseRoute}>
        <Trend />
      </Router>,
    );
    expect(screen.getByText('走势 快3')).toBeTruthy();
    act(() => {
      navigate('/TRENDCHART/1');
    });
    expect(screen.getByText('无')).toBeTruthy();
  });
});
