#!/usr/bin/env bash
# Runs the action's TypeScript source (src/main.ts) with @github/local-action, GitHub's runner for actions on
# a laptop, against the local API emulator, and checks the outputs it prints. A second runner, independent of
# the tests' own spawn of dist/index.js: it reads action.yml and stubs @actions/core its own way.
#
#   npm run local-action
#
# Exits 0 when the outputs are right, 1 on any mismatch (local-action itself exits 0 even when the action
# calls setFailed, so this script reads what it printed).
set -euo pipefail
cd "$(dirname "$0")/.."

# The project's Node 24 (the `node` dev dependency), which strips types: `npx node` resolves to this binary.
# Started directly so that $! is the emulator itself and `kill` reaches it.
node24="$PWD/node_modules/.bin/node"
[[ -x "$node24" ]] || { echo "local-action.sh: $node24 is missing; run npm ci first" >&2; exit 1; }

workdir="$(mktemp -d)"
emulator_pid=''
cleanup() {
  if [[ -n "$emulator_pid" ]]; then
    kill "$emulator_pid" 2>/dev/null || true
    wait "$emulator_pid" 2>/dev/null || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT

# --port 0: the system picks a free port; the emulator prints the URL it listens on.
"$node24" test/emulator/main.ts --port 0 >"$workdir/emulator.log" 2>&1 &
emulator_pid=$!
base_url=''
for _ in $(seq 1 100); do
  base_url="$(sed -n 's/^emulator listening on \(http:[^ ]*\).*/\1/p' "$workdir/emulator.log")"
  [[ -n "$base_url" ]] && break
  kill -0 "$emulator_pid" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$base_url" ]]; then
  echo "local-action.sh: the emulator did not start:" >&2
  cat "$workdir/emulator.log" >&2
  exit 1
fi

# 150 distinct asset hashes: two calls of at most 100 each. A JSON array, since a .env value is one line, and a
# line of several entries (comma-separated) is refused by the one list syntax.
asset_count=150
expected_requests=2
assets="[$(for i in $(seq 1 "$asset_count"); do printf '"%032x"\n' "$i"; done | paste -sd, -)]"

# local-action fills every input that the file leaves empty with action.yml's default, literally: github-token
# would arrive as the text `${{ github.token }}`, so it gets a placeholder (unused: no changed files to list).
# `api-key` is the emulator's demo Root key, not a secret.
cat >"$workdir/local.env" <<EOF
INPUT_API-KEY=root-key-0001
INPUT_BASE-URL=$base_url
INPUT_SERVICE-KEY=svc
INPUT_SCOPE=assets
INPUT_ASSETS=$assets
INPUT_TOKEN=true
INPUT_GITHUB-TOKEN=placeholder-not-used
RUNNER_TEMP=$workdir
GITHUB_STEP_SUMMARY=$workdir/summary.md
EOF

# Set in the shell, not in the .env file, so that @actions/github sees it when first imported. Nothing listens
# there: a stray GitHub API call fails at once instead of leaving the machine.
export GITHUB_API_URL='http://127.0.0.1:9'
export FORCE_COLOR=0

status=0
npx local-action run . src/main.ts "$workdir/local.env" >"$workdir/run.log" 2>&1 || status=$?
cat "$workdir/run.log"

output() { sed -n "s/^::set-output name=$1:://p" "$workdir/run.log" | tail -n 1; }
token="$(output token)"
cache_buster="$(output cache-buster)"
requests="$(output requests)"
failed="$(output failed)"

problems=()
[[ "$status" -eq 0 ]] || problems+=("local-action exited with $status")
! grep -q '^::error' "$workdir/run.log" || problems+=("the action reported an error")
[[ -n "$token" ]] || problems+=("no token output")
[[ "$cache_buster" == "cb:$token" ]] || problems+=("cache-buster is '$cache_buster', expected 'cb:$token'")
[[ "$requests" == "$expected_requests" ]] || problems+=("requests is '$requests', expected $expected_requests")
[[ "$failed" == '[]' ]] || problems+=("failed is '$failed', expected []")

echo
if ((${#problems[@]} > 0)); then
  printf 'local-action.sh: FAILED: %s\n' "${problems[@]}" >&2
  exit 1
fi
echo "local-action.sh: OK: $asset_count assets in $requests requests, token $token, cache-buster $cache_buster"
