"""A linha de comando fala português também no que vem das bibliotecas que a montam (click e
typer): a ajuda de todo comando e grupo ("Uso:", "Opções", "Comandos", "Mostra esta ajuda e
sai.", "[obrigatório]", "[padrão: …]") e as recusas de uso ("Comando desconhecido", "Quis
dizer"). O programa de verdade, num processo novo, como quem o digita (o catálogo se liga ao
importar `farol.cli`, antes do typer)."""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys

import pytest
import typer.main

from farol.cli import TRADUCAO
from farol.cli.main import app

FAROL = [sys.executable, "-m", "farol"]
INGLES = re.compile(
    r"Usage:|\bOptions\b|\bCommands\b|\bArguments\b|Show this message|\[required\]|"
    r"\[default:|Did you mean|No such|Missing|Try '"
)
PO = TRADUCAO / "pt_BR" / "LC_MESSAGES" / "messages.po"


def _rodar(*args: str) -> subprocess.CompletedProcess[str]:
    ambiente = {k: v for k, v in os.environ.items() if k not in {"LANGUAGE", "LC_ALL"}}
    ambiente |= {"COLUMNS": "100", "LANG": "C.UTF-8"}
    return subprocess.run(
        [*FAROL, *args], capture_output=True, text=True, env=ambiente, timeout=60, check=False
    )


def _comandos() -> list[list[str]]:
    """Todo grupo e todo comando da CLI, pelo caminho."""
    caminhos: list[list[str]] = []

    def percorrer(cmd: object, prefixo: list[str]) -> None:
        caminhos.append(prefixo)
        for nome, filho in (getattr(cmd, "commands", None) or {}).items():
            percorrer(filho, [*prefixo, nome])

    percorrer(typer.main.get_command(app), [])
    return caminhos


def test_a_ajuda_de_todo_comando_e_grupo_sai_em_portugues() -> None:
    comandos = _comandos()
    assert len(comandos) > 30
    # um processo para todos: o mesmo caminho de `farol ... --help`, sem 40 arranques
    codigo = (
        "import sys\n"
        "from farol.cli.main import app\n"
        f"for c in {comandos!r}:\n"
        "    try:\n"
        "        app([*c, '--help'], prog_name='farol', standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    print('=====')\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", codigo],
        capture_output=True,
        text=True,
        env={**{k: v for k, v in os.environ.items() if k != "LANGUAGE"}, "COLUMNS": "100"},
        timeout=120,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    ajudas = r.stdout.split("=====\n")[: len(comandos)]
    assert len(ajudas) == len(comandos)
    for caminho, ajuda in zip(comandos, ajudas, strict=True):
        nome = " ".join(["farol", *caminho])
        assert f"Uso: {nome} [OPÇÕES]" in ajuda, ajuda
        assert "Mostra esta ajuda e sai." in ajuda and "╭─ Opções" in ajuda, ajuda
        assert not INGLES.search(ajuda), (nome, INGLES.search(ajuda), ajuda)
        assert "<bool>" not in ajuda, ajuda  # chave sem valor: sem tipo na coluna
    principal = ajudas[0]
    assert "╭─ Comandos" in principal and "COMANDO [ARGUMENTOS]..." in principal
    # na lista de comandos, a frase de cada um é um parágrafo: numa tela larga, uma linha só
    # (antes, as quebras do docstring a cortavam no meio: "..., os autores" e, abaixo,
    # "materiais admitidos ...")
    largo = subprocess.run(
        [*FAROL, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "250"},
        timeout=60,
        check=False,
    ).stdout
    linha = next(x for x in largo.splitlines() if "│ infracoes" in x)
    assert "os autores materiais admitidos de cada uma" in linha, largo


def test_o_comando_desconhecido_e_a_opcao_obrigatoria_em_portugues() -> None:
    r = _rodar("prazos", "calcular")
    assert r.returncode == 2
    assert r.stderr.strip() == "erro: Comando desconhecido: “calcular”. Quis dizer “recalcular”?"
    r = _rodar("prazo", "defesa")
    assert (r.returncode, r.stderr.strip()) == (2, "erro: inicio: obrigatório e ausente")
    r = _rodar("prazo", "--help")
    assert "[obrigatório]" in r.stdout and "[padrão: lesta]" in r.stdout


def test_o_numero_invalido_numa_opcao_sai_inteiro_em_portugues() -> None:
    # a frase do Pydantic vinha traduzida pela metade: "esperado um número inteiro, unable to
    # parse string as an integer"
    r = _rodar("serve", "--porta", "abc")
    assert r.returncode == 2
    assert r.stderr.strip() == "erro: porta: valor inválido (esperado um número inteiro)"


def test_quem_pede_outro_idioma_em_language_o_tem() -> None:
    """O português é o padrão; `LANGUAGE` explícito manda (o catálogo só tem pt_BR: en sai
    no inglês das bibliotecas)."""
    r = subprocess.run(
        [*FAROL, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "LANGUAGE": "en", "COLUMNS": "100"},
        timeout=60,
        check=False,
    )
    assert "╭─ Options" in r.stdout


def _entradas_do_po() -> dict[str, str]:
    """msgid (e msgid_plural) → msgstr (msgstr[0]) do catálogo-fonte."""
    entradas: dict[str, str] = {}
    chave = atual = None
    campos: dict[str, str] = {}

    def fechar() -> None:
        if campos.get("msgid"):
            entradas[campos["msgid"]] = campos.get("msgstr", campos.get("msgstr[0]", ""))

    for linha in PO.read_text("utf-8").splitlines():
        if linha.startswith("#") or not linha.strip():
            continue
        m = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', linha)
        if m:
            if m.group(1) == "msgid":
                fechar()
                campos = {}
            chave, atual = m.group(1), m.group(2)
            campos[chave] = atual.encode().decode("unicode_escape").encode("latin-1").decode()
        else:
            assert chave is not None and linha.startswith('"'), linha
            extra = linha[1:-1].encode().decode("unicode_escape").encode("latin-1").decode()
            campos[chave] += extra
    fechar()
    return entradas


def test_o_catalogo_compilado_corresponde_ao_fonte() -> None:
    """O `.mo` (que o gettext lê) é o `.po` compilado: mudar um sem o outro falha aqui."""
    entradas = _entradas_do_po()
    assert len(entradas) > 60
    mo = gettext.translation("messages", str(TRADUCAO), languages=["pt_BR"])
    for msgid, msgstr in entradas.items():
        assert mo.gettext(msgid) == msgstr, msgid
    assert (
        mo.ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 2)
        == "(Quis dizer uma destas: {possibilities}?)"
    )


@pytest.mark.parametrize("frase", ["Usage:", "Options", "Show this message and exit."])
def test_as_frases_da_ajuda_estao_no_catalogo(frase: str) -> None:
    assert frase in _entradas_do_po()
