// The system's log during a chaos run: every line to a file, processes that exit on their own
// picked out as they happen, and the lines of one request found again for the report.
import { appendFileSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { RESTART_EXIT_CODE } from '../../packages/service-kit/src/mongo.js';

/** Lines kept per process, to show what it said before it exited. */
const TAIL_LINES = 8;
/** `name | text` once colours are taken out, as scripts/system.ts labels each process's lines. */
const LABELLED = /^(\S+)\s*\|\s?(.*)$/;
const labelled = (line: string) => LABELLED.exec(stripVTControlCharacters(line));
const EXITED = /^exited unexpectedly \((\w+)\)/;

export class SystemLog {
  /** Processes that exited without being killed by the run, each with its last lines. */
  readonly crashes: string[] = [];
  /** Processes that ended themselves to start afresh (a stuck database driver), by name. */
  readonly restarts: string[] = [];
  private readonly tails = new Map<string, string[]>();

  constructor(readonly file: string) {}

  readonly write = (line: string): void => {
    appendFileSync(this.file, `${line}\n`);
    const parts = labelled(line);
    if (!parts) return;
    const [, name = '', text = ''] = parts;
    const exited = EXITED.exec(text);
    // SIGKILL is the run's own fault; RESTART_EXIT_CODE a watchdog's deliberate restart; any
    // other exit is the process failing by itself.
    if (exited?.[1] === String(RESTART_EXIT_CODE)) this.restarts.push(name);
    else if (exited && exited[1] !== 'SIGKILL') {
      const tail = this.tails.get(name) ?? [];
      this.crashes.push([`${name} ${text}; its last lines:`, ...tail].join('\n    '));
    }
    const tail = this.tails.get(name) ?? [];
    tail.push(text.slice(0, 600));
    if (tail.length > TAIL_LINES) tail.shift();
    this.tails.set(name, tail);
  };

  /** Every line naming `requestId` (the gateway's and the services' request logs). */
  linesAbout(requestId: string): string[] {
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => (labelled(line)?.slice(1, 3).join(' ') ?? line).slice(0, 600));
  }
}
