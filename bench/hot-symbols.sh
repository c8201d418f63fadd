#!/usr/bin/env bash
# Lists the functions the release binaries (the usual one and `cargo
# build-static`'s, which has the C library in it) run to write each game's PDF
# and a class pack (valgrind's callgrind), into link/hot-symbols.txt. build.rs hands
# the list to the linker, which places those functions side by side: a run
# then maps a few hundred kilobytes of code instead of most of the binary
# (the kernel maps 64 KiB around each page touched).
#
# usage: bench/hot-symbols.sh   (needs valgrind; run after changes to the
# PDF path or to dependencies, then rebuild and check peak memory with
# python3 bench/bench.py --only peers,memory)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
cargo --quiet build-static
out=$(mktemp -d)
i=0
while read -r cmd; do
  for bin in target/release/panicpress target/static/release/panicpress; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --demangle=no --compress-strings=no \
      --callgrind-out-file="$out/cg.$i" "$bin" $cmd -o "$out/doc.pdf" >/dev/null 2>&1
  done
done <<'COMMANDS'
tp-hunt --seed 1 --count 3 --sheets all
tp-hunt --seed 1 --count 2 --sheets map --lang de --paper letter
pack --game tp-hunt --count 3 --seed 1 --sheets map,tracker
pack --game tp-hunt --count 3 --seed 1 --sheets scorepad,rules --per-page 2
panic-buy --seed 1 --count 2
ppe --seed 1 --count 3 --sheets all
particle-panic --seed 1 --sheets all
COMMANDS
python3 - "$out"/cg.* > link/hot-symbols.txt <<'PY'
import sys
names, seen = [], set()
for path in sys.argv[1:]:
    ob = None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            ob = line[3:].strip()
        elif line.startswith("fn=") and ob and ob.endswith("/panicpress"):
            name = line[3:].strip()
            if name not in seen and not name.startswith("0x"):
                seen.add(name)
                names.append(name)
print("\n".join(names))
PY
rm -r "$out"
echo "link/hot-symbols.txt: $(wc -l < link/hot-symbols.txt) functions"
