import { configure } from '@testing-library/react';

// Waits for what a page does after a tap (a dialog fading out, a list read again) may take longer
// than Testing Library's default second when two test workers, PostgreSQL and Chromium share CI's
// two cores: five seconds, still a fraction of a test's time limit.
configure({ asyncUtilTimeout: 5_000 });
