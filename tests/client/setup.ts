import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// jsdom renders slowly on a loaded 2-core machine: give findBy*/waitFor room before they give up.
configure({ asyncUtilTimeout: 5000 });
