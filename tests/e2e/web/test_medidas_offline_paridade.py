"""Inspeção sem sinal: o avaliador do navegador decide como o servidor.

Roda todos os casos dos testes de medidas (tests/unit/test_medidas_*.py, gravando cada
constatação que chega a `aplicar_medidas`) pelo motor Python e por medidas_offline.js no
Chromium, com os dados de GET /api/v1/medidas/dados.json, e exige resultados idênticos:
medidas, dispensadas, notificados, documentos, ordens, lacuna, fundamentos, ou o mesmo erro.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from farol.erros import ErroFarol
from farol.rules.medidas import aplicar_medidas, constatacao_de_dict
from farol.web.rotas.offline import dados_medidas_offline, versao_dos_dados

RAIZ = Path(__file__).resolve().parents[3]
JS = RAIZ / "farol" / "web" / "estatico" / "medidas_offline.js"

# plugin do pytest que grava as constatações avaliadas pela tabela real (sem tabela própria)
GRAVADOR = """
import json, os
import farol.rules.medidas as m

_original = m.aplicar_medidas
_casos = []

def _gravando(c, tabela=None):
    if tabela is None:
        _casos.append(c.model_dump(mode="json"))
    return _original(c, tabela)

def pytest_configure(config):
    m.aplicar_medidas = _gravando

def pytest_unconfigure(config):
    with open(os.environ["FAROL_CASOS_MEDIDAS"], "w", encoding="utf-8") as f:
        json.dump(_casos, f)
"""


def _casos_dos_testes(tmp: Path) -> list[dict[str, Any]]:
    (tmp / "gravador_medidas.py").write_text(GRAVADOR, encoding="utf-8")
    saida = tmp / "casos.json"
    testes = sorted(str(p) for p in (RAIZ / "tests" / "unit").glob("test_medidas_*.py"))
    ambiente = {
        **os.environ,
        "FAROL_CASOS_MEDIDAS": str(saida),
        "PYTHONPATH": os.pathsep.join([str(tmp), os.environ.get("PYTHONPATH", "")]),
    }
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            "gravador_medidas",
            "-x",
            *testes,
        ],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    unicos = {json.dumps(c, sort_keys=True): c for c in json.loads(saida.read_text("utf-8"))}
    return list(unicos.values())


def _entrada(caso: dict[str, Any]) -> dict[str, Any]:
    """A constatação como o inspetor a deu: com a validade da CHA/CIR, sem os anos calculados
    (o motor os calcula; o avaliador do navegador também); anos_vencida em número."""
    c = dict(caso)
    if c.get("validade_habilitacao"):
        c.pop("anos_vencida", None)
    elif c.get("anos_vencida") is not None:
        c["anos_vencida"] = float(Decimal(c["anos_vencida"]))
    return c


def _python(caso: dict[str, Any]) -> dict[str, Any]:
    caso = {**caso, "anos_vencida": caso.get("anos_vencida") and str(caso["anos_vencida"])}
    try:
        return {"resultado": aplicar_medidas(constatacao_de_dict(caso)).para_json()}
    except ErroFarol as e:
        return {
            "erro": {
                "tipo": type(e).__name__,
                "mensagem": e.mensagem,
                "campo": e.campo,
                "regra": e.regra,
                "consulte": e.consulte,
            }
        }


@pytest.fixture(scope="module")
def casos(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return _casos_dos_testes(tmp_path_factory.mktemp("casos_medidas"))


def test_dados_json_tem_versao_e_etag(cliente: Any) -> None:
    r = cliente.get("/api/v1/medidas/dados.json")
    assert r.status_code == 200
    assert r.json()["versao"] == versao_dos_dados()
    assert r.headers["etag"] == f'"{versao_dos_dados()}"'
    de_novo = cliente.get(
        "/api/v1/medidas/dados.json", headers={"If-None-Match": r.headers["etag"]}
    )
    assert de_novo.status_code == 304


def test_navegador_e_servidor_decidem_igual_em_todos_os_casos(
    navegador: Any, casos: list[dict[str, Any]]
) -> None:
    assert len(casos) > 1000  # inclui a varredura de toda combinação de entradas
    assert any("data_inspecao" in c and c["data_inspecao"] for c in casos)
    casos = [_entrada(c) for c in casos]
    esperado = [_python(c) for c in casos]
    assert any("erro" in x for x in esperado) and any("resultado" in x for x in esperado)
    ctx = navegador.new_context()
    try:
        pagina = ctx.new_page()
        pagina.add_script_tag(content=JS.read_text("utf-8"))
        dados = json.loads(json.dumps(dados_medidas_offline(), ensure_ascii=False))
        obtido = pagina.evaluate(
            "([d, casos]) => casos.map((c) => window.FarolMedidasOffline.avaliar(d, c))",
            [dados, casos],
        )
    finally:
        ctx.close()
    diferentes = [(c, e, o) for c, e, o in zip(casos, esperado, obtido, strict=True) if e != o]
    assert not diferentes, f"{len(diferentes)} divergência(s); a primeira: {diferentes[0]}"
