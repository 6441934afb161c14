"""Execução da CLI no próprio processo, como um usuário a chamaria (argv, stdin, saída)."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from typing import Any

import pytest

from farol.cli.main import main


@dataclass
class Saida:
    codigo: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


def rodar(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    entrada: str = "",
) -> Saida:
    monkeypatch.setattr(sys, "argv", ["farol", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(entrada))
    codigo = 0
    try:
        main()
    except SystemExit as e:
        codigo = int(e.code or 0)
    capturado = capsys.readouterr()
    return Saida(codigo, capturado.out, capturado.err)
