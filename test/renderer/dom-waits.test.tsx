// @vitest-environment jsdom
// The setup (dom-waits.ts) lifts Testing Library's 1 s give-up for the jsdom tests.
import { getConfig } from '@testing-library/react';
import { expect, it } from 'vitest';

it('Testing Library waits are bounded by the test timeout, not by one second', () => {
  expect(getConfig().asyncUtilTimeout).toBe(20_000);
});
