// Resident memory of bench processes, read from Linux's /proc (the benches run the server on this machine).
import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process and of its child processes, MB (Linux /proc). */
export function rssMb(pid: number): { self: number; children: number } {
  const rss = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const c of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean))
        children += rss(Number(c));
  } catch {
    // gone
  }
  return { self: rss(pid), children };
}
