#!/usr/bin/env bash
# Makes sure a Redis answers where the production spec looks for one (REDIS_TEST_URL, default
# redis://127.0.0.1:6379: integration-tests/helpers/redis-database.ts). When none answers on this
# machine, starts the installed redis-server there, without persistence, and says so; it keeps
# running after the test run (stop it with: redis-cli -p <port> shutdown nosave).
set -uo pipefail

url="${REDIS_TEST_URL:-redis://127.0.0.1:6379}"
hostport="${url#redis://}"
hostport="${hostport#*@}"     # no credentials
hostport="${hostport%%/*}"    # no database number
host="${hostport%%:*}"
port="${hostport##*:}"
[ "$port" = "$host" ] && port=6379

answers() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(redis-cli -h "$host" -p "$port" ping 2>/dev/null)" = "PONG" ]
  else
    # No client installed: a bare PING over bash's /dev/tcp, in a subshell so its redirections end with it.
    (
      exec 3<>"/dev/tcp/$host/$port" || exit 1
      printf 'PING\r\n' >&3
      read -r -t 2 reply <&3
      [[ "$reply" == +PONG* ]]
    ) 2>/dev/null
  fi
}

if answers; then
  exit 0
fi
case "$host" in
  127.0.0.1 | localhost | ::1) ;;
  *)
    echo "ensure-redis: no Redis answers at $host:$port (REDIS_TEST_URL); the production spec will fail" >&2
    exit 1
    ;;
esac
if ! command -v redis-server >/dev/null 2>&1; then
  echo "ensure-redis: no Redis answers at $host:$port and redis-server is not installed (e.g. sudo apt-get install redis-server); the production spec will fail" >&2
  exit 1
fi

# Its working directory holds nothing (no snapshots, no append-only file), but keep it out of the repository.
dir="${TMPDIR:-/tmp}/installments-test-redis"
mkdir -p "$dir"
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$dir" \
  --logfile "$dir/redis-$port.log" >/dev/null
for _ in $(seq 1 50); do
  if answers; then
    echo "ensure-redis: no Redis answered at $host:$port, so started redis-server there (daemonized, no persistence, log $dir/redis-$port.log); it keeps running: redis-cli -p $port shutdown nosave" >&2
    exit 0
  fi
  sleep 0.1
done
echo "ensure-redis: started redis-server on port $port but it does not answer (see $dir/redis-$port.log); the production spec will fail" >&2
exit 1
