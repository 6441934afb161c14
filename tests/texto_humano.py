"""O que não pode aparecer em texto para pessoas (CLI sem --json, páginas, PDFs): os formatos
de máquina que o JSON guarda. Usado pelos testes de formatos das três bordas.

- data ISO "2024-03-10" (a pessoa lê 10/03/2024);
- dinheiro com ponto decimal "R$ 3200.00" (a pessoa lê R$ 3.200,00);
- duração ISO-8601 "P12M", "P60D" (a pessoa lê 12 meses, 60 dias);
- literais do Python "None", "True", "False" (a pessoa lê —, sim, não).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

FORMATOS_DE_MAQUINA = {
    "data ISO": re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),
    "dinheiro com ponto decimal": re.compile(r"R\$\s*-?\d+\.\d{2}\b"),
    "medida com ponto decimal": re.compile(r"(?<![\d.,])\d+\.\d{2} m\b"),
    # fora de um código de verificação ("44Y5-P67D-ZSMC": o sorteio pode dar um "P67D")
    "duração ISO-8601": re.compile(r"(?<![\w-])P(?:\d+[YMWD])+(?![\w-])"),
    "literal do Python": re.compile(r"\b(?:None|True|False)\b"),
}


def formatos_de_maquina(texto: str) -> list[str]:
    """Cada trecho de `texto` num formato de máquina, com o nome do formato e a linha."""
    achados = []
    for linha in texto.splitlines():
        for nome, padrao in FORMATOS_DE_MAQUINA.items():
            for m in padrao.finditer(linha):
                achados.append(f"{nome}: {m.group(0)!r} em {linha.strip()[:120]!r}")
    return achados


class _Visivel(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.partes: list[str] = []
        self._oculto = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._oculto += 1
        for nome, valor in attrs:
            # o que o leitor de tela ou a dica mostram também é texto para pessoas
            if nome in ("title", "aria-label", "placeholder", "alt") and valor:
                self.partes.append(valor)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self._oculto -= 1

    def handle_data(self, data: str) -> None:
        if not self._oculto and data.strip():
            self.partes.append(data.strip())


def texto_visivel(html: str) -> str:
    """O texto que a pessoa lê numa página: sem marcação, scripts nem atributos de máquina
    (`<time datetime="2026-03-10">` e `value` de campos de data guardam o ISO de propósito)."""
    p = _Visivel()
    p.feed(html)
    return "\n".join(p.partes)
