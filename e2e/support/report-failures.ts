// A setup file of every journey: when a test fails, the output gets what its open pages showed and what they last
// asked the server (support/failure-report.ts, docs/testing.md "After a failure").
import { beforeEach } from 'vitest';
import { failureReport } from './failure-report.js';

beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    console.error(`--- where 「${task.name}」 stood when it failed ---\n${await failureReport()}`);
  });
});
