# Sourced by every script that needs Python tools (Tests/Browser, Tests/LSPClient,
# Tests/Lottie, editors/tests; Benchmarks/memory.py runs it through bash):
# `python_venv VENV REQUIREMENTS` makes the virtual environment VENV with the pinned
# packages of REQUIREMENTS, and makes it again whenever that file changes (a copy of it
# inside VENV says what was installed).
python_venv() {
  local venv=$1 requirements=$2
  if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/requirements.txt"; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
  fi
}
