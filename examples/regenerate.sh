#!/usr/bin/env bash
# Regenerate the sample rule-card PDFs in this folder and docs/cards-sample.png.
# Run from anywhere after set-up (python3 dev.py test, or pip install -e .).
set -euo pipefail
cd "$(dirname "$0")/.."
JB=${JUDGEBOT:-.venv/bin/judgebot}

"$JB" cards guide-ja:I-E guide-ja:II-B-07 guide-ja:II-B-07/faq-1 --procedure all --lang ja \
    --output examples/cards-ja.pdf
"$JB" cards guide-zh:I-A-03 guide-zh:II-B-07 --procedure all --lang zh \
    --output examples/cards-zh.pdf
"$JB" cards rules-ko:B-13 --procedure all --lang ko --page letter \
    --output examples/cards-ko.pdf
"$JB" cards --glossary all --lang ja --output examples/cards-glossary.pdf

# The README's picture: the first page of the Japanese sample.
.venv/bin/python - <<'PY'
import pypdfium2
page = pypdfium2.PdfDocument("examples/cards-ja.pdf")[0]
image = page.render(scale=110 / 72).to_pil().convert("RGB")
image.quantize(colors=128).save("docs/cards-sample.png", optimize=True)
PY
