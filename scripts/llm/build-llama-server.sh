#!/usr/bin/env bash
# Build llama.cpp's `llama-server` from the llama.cpp vendored in the llama-cpp-python sdist
# (PyPI only, no GitHub). The binary is cached outside the repository, keyed by the source
# version and this CPU's feature flags, so later runs skip the ~6 minute build.
#
# GGML_NATIVE=ON (the default here): tuned for this CPU (AVX-512 on the CI machines), about 1.5x
# faster token generation than a portable build. A native binary may not run on another CPU, so
# the cache key includes a hash of the CPU flags: a different CPU gets its own build instead of
# an illegal-instruction crash. LLM_PORTABLE=1 builds a portable binary (GGML_NATIVE=OFF).
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION=0.3.36
CACHE="${PROPSEARCH_LLM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/propsearch/llm}"
if [ "${LLM_PORTABLE:-0}" = 1 ]; then
  NATIVE=OFF; FLAVOUR=portable
else
  NATIVE=ON; FLAVOUR="native-$(grep -m1 '^flags' /proc/cpuinfo | sha256sum | cut -c1-12)"
fi
DEST="$CACHE/llama-server-$VERSION-$FLAVOUR"
BIN="$DEST/llama-server"
if [ -x "$BIN" ]; then
  echo "llama-server: cached at $BIN"
  exit 0
fi
for tool in cmake g++ make; do
  command -v "$tool" >/dev/null || { echo "llama-server: '$tool' is missing (apt-get install cmake g++ make)" >&2; exit 1; }
done
PIP="${PIP:-.venv/bin/pip}"
[ -x "$PIP" ] || PIP="python3 -m pip"

WORK="$CACHE/build-$VERSION-$FLAVOUR"
rm -rf "$WORK"; mkdir -p "$WORK"
start=$(date +%s)
echo "llama-server: fetching llama-cpp-python==$VERSION sdist"
$PIP download -q --no-deps --no-binary=:all: -d "$WORK" "llama-cpp-python==$VERSION"
tar -xzf "$WORK"/llama_cpp_python-$VERSION.tar.gz -C "$WORK"
SRC="$WORK/llama_cpp_python-$VERSION/vendor/llama.cpp"
echo "llama-server: building (GGML_NATIVE=$NATIVE, -j${LLM_BUILD_JOBS:-2}); takes about 6 minutes on 2 cores"
cmake -S "$SRC" -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release -DLLAMA_BUILD_TESTS=OFF \
  -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
  -DLLAMA_BUILD_UI=OFF -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE="$NATIVE" >"$WORK/cmake.log" 2>&1 \
  || { tail -30 "$WORK/cmake.log" >&2; exit 1; }
cmake --build "$WORK/build" -j"${LLM_BUILD_JOBS:-2}" --target llama-server >"$WORK/build.log" 2>&1 \
  || { tail -30 "$WORK/build.log" >&2; exit 1; }
mkdir -p "$DEST"
cp "$WORK/build/bin/llama-server" "$BIN.tmp" && mv "$BIN.tmp" "$BIN"
rm -rf "$WORK"
echo "llama-server: built in $(( $(date +%s) - start )) s -> $BIN"
