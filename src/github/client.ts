/**
 * GitHub's client (@actions/github), loaded once, and only by a run that reads or writes through the API: it is slow
 * to load.
 *
 * As it loads, @actions/github builds its `context` from GITHUB_EVENT_PATH, reading that file itself with no bound: a
 * FIFO there blocks the process, deaf to every signal; a huge file is read whole; a missing one is said in the log,
 * raw. The action reads the event file once, through its own guarded read (src/ci/github.ts, before anything loads
 * this), and uses nothing of that `context`: the variable is hidden from the library while it loads.
 */
type Github = typeof import('@actions/github');

let loading: Promise<Github> | undefined;

export function loadGithub(): Promise<Github> {
  loading ??= withoutEventPath(() => import('@actions/github'));
  return loading;
}

/** Only this module loads the library, once: no other load can see the variable missing or put it back early. */
async function withoutEventPath<T>(load: () => Promise<T>): Promise<T> {
  const path = process.env.GITHUB_EVENT_PATH;
  delete process.env.GITHUB_EVENT_PATH;
  try {
    return await load();
  } finally {
    if (path !== undefined) process.env.GITHUB_EVENT_PATH = path;
  }
}
