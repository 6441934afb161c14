"""A documentação não diverge dos dados nem da CLI (à maneira do datasette).

As partes geradas de docs/*.md ficam entre `<!-- gerado: nome -->` e `<!-- fim: nome -->`;
`farol docs` as regrava e `farol docs --verificar` falha nomeando cada uma que envelheceu.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import typer.main
from cli_util import rodar

from farol.cli import regioes
from farol.cli.main import app
from farol.normas.infracoes import catalogo

RAIZ = Path(__file__).resolve().parents[2]
DOCS = RAIZ / "docs"
MIGRACOES = RAIZ / "farol" / "store" / "migrations" / "versions"


def test_farol_docs_verificar_sai_com_zero_com_a_documentacao_em_dia(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    r = rodar(capsys, monkeypatch, "docs", "--verificar")
    assert r.codigo == 0, f"documentação desatualizada; rode `farol docs`:\n{r.stdout}{r.stderr}"
    assert "documentação em dia" in r.stdout


@pytest.fixture
def copia_docs(tmp_path: Path) -> Path:
    destino = tmp_path / "docs"
    shutil.copytree(DOCS, destino)
    return destino


def test_farol_docs_nomeia_a_regiao_desatualizada_e_a_regenera(
    copia_docs: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    procedimento = copia_docs / "procedimento.md"
    original = procedimento.read_text(encoding="utf-8")
    procedimento.write_text(
        regioes.substituir(original, "procedimento-lesta", "| tabela | velha |"), encoding="utf-8"
    )

    r = rodar(capsys, monkeypatch, "docs", "--verificar", "--pasta", str(copia_docs))
    assert r.codigo == 1
    assert "procedimento.md [procedimento-lesta]" in r.stdout
    assert "infracoes" not in r.stdout
    assert "rode `farol docs`" in r.stderr

    r = rodar(capsys, monkeypatch, "docs", "--pasta", str(copia_docs))
    assert (r.codigo, procedimento.read_text(encoding="utf-8")) == (0, original)
    assert "regenerada:" in r.stdout and "procedimento-lesta" in r.stdout
    assert rodar(capsys, monkeypatch, "docs", "--verificar", "--pasta", str(copia_docs)).codigo == 0


def test_regiao_ausente_desconhecida_ou_sem_fim_e_erro_que_so_a_mao_corrige(
    copia_docs: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = copia_docs / "cli.md"
    texto = cli.read_text(encoding="utf-8").replace("<!-- fim: cli-comandos -->", "")
    cli.write_text(texto + "\n<!-- gerado: inventada -->\n\n<!-- fim: inventada -->\n", "utf-8")
    (copia_docs / "banco.md").write_text("# Banco\n", encoding="utf-8")

    for argumentos in (["--verificar"], []):
        r = rodar(capsys, monkeypatch, "docs", *argumentos, "--pasta", str(copia_docs))
        assert r.codigo == 1
        assert "cli.md [cli-comandos]: marcador de início sem o de fim" in r.stderr
        assert "cli.md [inventada]: região desconhecida" in r.stderr
        assert "banco.md [banco-migracoes]: região ausente" in r.stderr
    assert (copia_docs / "banco.md").read_text(encoding="utf-8") == "# Banco\n"


def test_docs_banco_lista_toda_migracao_do_alembic() -> None:
    achadas, _ = regioes.regioes((DOCS / "banco.md").read_text(encoding="utf-8"))
    tabela = achadas.get("banco-migracoes", "")
    arquivos = sorted(p.name for p in MIGRACOES.glob("[0-9]*.py"))
    assert len(arquivos) >= 9
    faltando = [a for a in arquivos if f"| `{a.split('_', 1)[0]}` | `{a}` |" not in tabela]
    assert not faltando, f"migrações ausentes de docs/banco.md (rode `farol docs`): {faltando}"


def test_todo_id_de_infracao_aparece_na_documentacao() -> None:
    texto = (DOCS / "infracoes.md").read_text(encoding="utf-8")
    for codigo in catalogo().infracoes:
        assert f"`{codigo}`" in texto


def test_todo_comando_da_cli_aparece_no_readme_ou_na_documentacao_da_cli() -> None:
    texto = (RAIZ / "README.md").read_text(encoding="utf-8") + (DOCS / "cli.md").read_text(
        encoding="utf-8"
    )
    grupo = typer.main.get_command(app)
    nomes: list[str] = []
    for nome, cmd in grupo.commands.items():  # type: ignore[attr-defined]
        sub = getattr(cmd, "commands", None)
        nomes += [f"farol {nome} {s}" for s in sub] if sub else [f"farol {nome}"]
    faltando = [n for n in nomes if n not in texto]
    assert not faltando, f"comandos sem documentação: {faltando}"
