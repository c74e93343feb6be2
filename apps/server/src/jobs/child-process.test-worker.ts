// The child of jobs/child-process.test.ts: on `start` it answers, dies as a process out of heap does (V8's report on
// stderr, then exit), or simply dies, as the test asks.
const report = () =>
  // The line that names the heap limit, then a native stack trace of many kilobytes (as V8 writes it).
  'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n' +
  Array.from({ length: 200 }, (_, i) => ` ${i}: 0x00b7c6f0 node::OOMErrorHandler(char const*) [node]\n`).join('');

process.on('message', (m: { type: string; mode?: 'answer' | 'oom' | 'die' }) => {
  if (m.type !== 'start') return;
  if (m.mode === 'answer') process.send!({ type: 'done', result: 42 });
  else if (m.mode === 'oom') process.stderr.write(report(), () => process.exit(134));
  else process.exit(1);
});
// The test gone (its IPC channel closed): nothing to answer.
process.on('disconnect', () => process.exit(0));
