import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `npm run reset`: deletes .data/ (tables, objects, Cognito users, seed marker); refused while `npm start` runs. */
const DATA_DIR = fileURLToPath(new URL('../../.data', import.meta.url));
const PID_FILE = `${DATA_DIR}/start.pid`;

function runningPid(): number | undefined {
  if (!existsSync(PID_FILE)) return undefined;
  const pid = Number.parseInt(readFileSync(PID_FILE, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const pid = runningPid();
if (pid) {
  console.error(`npm start is running (pid ${pid}): stop it with Ctrl-C first, then run npm run reset.`);
  process.exit(1);
}
if (!existsSync(DATA_DIR)) {
  console.log('Nothing to reset: .data/ does not exist.');
} else {
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log('Deleted .data/. The next npm start begins empty and seeds the demo data again.');
}
