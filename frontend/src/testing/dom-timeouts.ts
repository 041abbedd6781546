import { configure } from '@testing-library/dom';

// Component tests wait for what the app renders after its (stubbed) requests. On a shared, loaded 2-core machine that
// can take well over Testing Library's default second, so `findBy*` and `waitFor` wait up to 5 s before they fail; a
// real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });
