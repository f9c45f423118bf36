import { EOL } from 'node:os';
import { workflowCommand } from './shown.ts';
import type { LogSink } from './log.ts';

/**
 * The runner's log, for the action: plain lines, and workflow commands (annotations, groups, debug lines) escaped
 * in shown.ts as the runner reads them back, so that an annotation's `file` is the file's exact path.
 */
export function runnerLog(write: (text: string) => void = (text) => process.stdout.write(text)): LogSink {
  const line = (text: string): void => {
    write(`${text}${EOL}`);
  };
  return {
    info: line,
    notice: (text) => {
      line(workflowCommand('notice', {}, text));
    },
    warning: (text, where) => {
      line(workflowCommand('warning', { file: where?.file }, text));
    },
    error: (text) => {
      line(workflowCommand('error', {}, text));
    },
    debug: (text) => {
      line(workflowCommand('debug', {}, text));
    },
    startGroup: (name) => {
      line(workflowCommand('group', {}, name));
    },
    endGroup: () => {
      line(workflowCommand('endgroup', {}, ''));
    },
  };
}
