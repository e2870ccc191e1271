import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { queryClient } from '../../src/client/query';
import { closeAllDialogs } from '../../src/client/ui/overlay';
import { configure } from '@testing-library/react';

// jsdom renders slowly on a loaded 2-core machine: give findBy*/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with an empty cache of server data, as a fresh page load does.
// No dialog an earlier test left open sits in front of this test's own (dialogs show one at a time).
beforeEach(() => {
  queryClient.clear();
  closeAllDialogs();
});
