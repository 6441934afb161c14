"""A API sob o schemathesis: nenhuma resposta 500 e nenhuma resposta fora do OpenAPI.

O schemathesis lê `/openapi.json` de um servidor Farol de verdade (uvicorn numa thread, porta
livre, demonstração carregada) e, com o token de cada papel da demonstração, gera pedidos
válidos e inválidos para cada operação (fases `coverage`, `fuzzing` e `stateful`): ids
enormes, textos com NUL, datas do ano 1, JSON aninhado, campos que faltam ou sobram. Todas as
checagens do schemathesis ficam ligadas, menos as que `schemathesis.toml` desliga (com o
porquê). Exige, entre outras:

- nenhuma resposta 5xx (`not_a_server_error`);
- cada status devolvido documentado na operação, com o corpo e o tipo de conteúdo que o
  OpenAPI declara (`status_code_conformance`, `response_schema_conformance`,
  `content_type_conformance`, `response_headers_conformance`);
- nenhuma entrada fora do esquema aceita com 2xx (`negative_data_rejection`), 401 sem o
  token (`ignored_auth`) e 405 com `Allow` para método não suportado (`unsupported_method`).

Duas versões: a curta (poucos exemplos por operação, semente fixa) roda em `make test`; a
completa (marcador `longo`: 50 exemplos por operação, ou `FAROL_FUZZ_EXEMPLOS`, e semente nova
a cada vez) roda no CI ou com `FAROL_TESTES_LONGOS=1` (tests/conftest.py). Cada rodada grava em `artefatos/fuzz/` o número de casos, os status
recebidos e os 500 achados, por papel (o README cita os números da última completa).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apoio import porta_livre

from farol.app import criar_app
from farol.config import Configuracao
from farol.services.demo import SENHA_DEMO
from farol.store.db import Banco

RAIZ = Path(__file__).resolve().parents[3]
ARTEFATOS = RAIZ / "artefatos" / "fuzz"
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")

# Um login da demonstração por papel (farol/services/demo.py, USUARIOS).
LOGINS = {
    "inspetor": "inspetor.cpsc",
    "autoridade_competente": "autoridade.cpsc",
    "capitao_dos_portos": "capitao.cpsc",
    "dpc": "dpc",
    "auditor": "auditor.cpsc",
    "consulta": "consulta.cpsc",
}
CONFIGURACAO = Path(__file__).with_name("schemathesis.toml")
# Exemplos por operação na versão completa (`FAROL_FUZZ_EXEMPLOS` muda): com 50, cada papel
# leva uns 2 minutos e uns 3.000 casos numa máquina de 2 núcleos.
EXEMPLOS_COMPLETO = int(os.environ.get("FAROL_FUZZ_EXEMPLOS") or 50)
# Sair encerra a sessão do próprio token: o resto da rodada seria só 401.
FORA_DA_RODADA = ("/api/v1/auth/sair",)


@pytest.fixture(scope="module")
def url_servidor(
    banco_demo: Banco, url_banco_modulo: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    import uvicorn

    if not SCHEMATHESIS.exists():
        pytest.skip(f"schemathesis ausente em {SCHEMATHESIS} (pip install -e '.[dev]')")
    # Os logins a esmo do fuzzer (POST /auth/token) somam falhas do mesmo endereço: com os
    # limites padrão, o login do papel seguinte já encontraria o endereço bloqueado (429).
    config = Configuracao(
        pasta_dados=tmp_path_factory.mktemp("dados"),
        database_url=url_banco_modulo,
        segredo="segredo-do-fuzz-" + "x" * 32,
        login_falhas_por_conta=1_000_000,
        login_falhas_por_endereco=1_000_000,
    )
    app = criar_app(config, banco_demo)
    porta = porta_livre()
    servidor = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=porta, log_level="critical", lifespan="off")
    )
    thread = threading.Thread(target=servidor.run, name="farol-fuzz", daemon=True)
    thread.start()
    limite = time.monotonic() + 20
    while not servidor.started:
        if time.monotonic() > limite or not thread.is_alive():
            raise RuntimeError("o servidor de teste não subiu")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{porta}"
    servidor.should_exit = True
    thread.join(timeout=10)


def _token(url: str, login: str) -> str:
    import httpx

    r = httpx.post(
        f"{url}/api/v1/auth/token", data={"username": login, "password": SENHA_DEMO}, timeout=30
    )
    assert r.status_code == 200, r.text
    return str(r.json()["access_token"])


INGLES = re.compile(
    r"\b(should|Input|Field|required|[Ee]rror|Expected|exceeded|[Ii]nvalid|Not Found|"
    r"Method Not Allowed|Unprocessable|Too many|Missing)\b"
)


def _entradas(har: Path) -> list[dict[str, Any]]:
    entradas: list[dict[str, Any]] = json.loads(har.read_text(encoding="utf-8"))["log"]["entries"]
    return entradas


def _statuses(har: Path) -> Counter[int]:
    return Counter(int(e["response"]["status"]) for e in _entradas(har))


def _em_ingles(har: Path) -> Counter[str]:
    """As mensagens de erro (4xx e 5xx) que não estão em português."""
    achadas: Counter[str] = Counter()
    for e in _entradas(har):
        resposta = e["response"]
        if int(resposta["status"]) < 400:
            continue
        texto = (resposta.get("content") or {}).get("text") or ""
        try:
            mensagem = str(json.loads(texto).get("mensagem", texto))
        except (ValueError, AttributeError):
            mensagem = texto
        if INGLES.search(mensagem):
            achadas[f"{resposta['status']} {mensagem[:200]}"] += 1
    return achadas


def _rodar(url: str, papel: str, pasta: Path, *, exemplos: int, semente: int | None) -> None:
    token = _token(url, LOGINS[papel])
    har = pasta / f"{papel}.har"
    comando = [
        str(SCHEMATHESIS),
        "--config-file",
        str(CONFIGURACAO),
        "run",
        f"{url}/openapi.json",
        "--header",
        f"Authorization: Bearer {token}",
        "--max-examples",
        str(exemplos),
        "--workers",
        "1",
        "--report",
        "har",
        "--report-har-path",
        str(har),
        "--no-color",
        "--continue-on-failure",
        "--request-timeout",
        "60",
        *(a for caminho in FORA_DA_RODADA for a in ("--exclude-path", caminho)),
    ]
    if semente is not None:
        comando += ["--seed", str(semente), "--generation-deterministic"]
    else:
        comando += ["--generation-database", "none"]
    inicio = time.monotonic()
    saida = subprocess.run(comando, capture_output=True, text=True, timeout=3600, check=False)
    statuses = _statuses(har) if har.exists() else Counter()
    ingles = _em_ingles(har) if har.exists() else Counter()
    relatorio = {
        "papel": papel,
        "login": LOGINS[papel],
        "exemplos_por_operacao": exemplos,
        "casos": sum(statuses.values()),
        "respostas_500": sum(n for s, n in statuses.items() if s >= 500),
        "status": {str(s): n for s, n in sorted(statuses.items())},
        "mensagens_em_ingles": dict(ingles),
        "segundos": round(time.monotonic() - inicio, 1),
        "codigo_de_saida": saida.returncode,
    }
    ARTEFATOS.mkdir(parents=True, exist_ok=True)
    motor = "postgresql" if os.environ.get("FAROL_TEST_DATABASE_URL") else "sqlite"
    rotulo = "completo" if semente is None else "curto"
    destino = ARTEFATOS / f"{rotulo}-{motor}-{papel}.json"
    destino.write_text(json.dumps(relatorio, indent=2, ensure_ascii=False), encoding="utf-8")
    (ARTEFATOS / f"{rotulo}-{motor}-{papel}.txt").write_text(saida.stdout, encoding="utf-8")
    print(json.dumps(relatorio, ensure_ascii=False))
    assert relatorio["respostas_500"] == 0, saida.stdout[-20000:]
    assert not ingles, f"mensagens de erro que não estão em português: {dict(ingles)}"
    assert saida.returncode == 0, saida.stdout[-20000:] + saida.stderr[-4000:]


@pytest.mark.parametrize("papel", list(LOGINS))
def test_curto_sem_500_e_dentro_do_esquema(url_servidor: str, papel: str, tmp_path: Path) -> None:
    _rodar(url_servidor, papel, tmp_path, exemplos=3, semente=20261130)


@pytest.mark.longo
@pytest.mark.parametrize("papel", list(LOGINS))
def test_completo_sem_500_e_dentro_do_esquema(
    url_servidor: str, papel: str, tmp_path: Path
) -> None:
    _rodar(url_servidor, papel, tmp_path, exemplos=EXEMPLOS_COMPLETO, semente=None)


def test_o_relatorio_conta_os_status_e_as_mensagens_em_ingles_do_har(tmp_path: Path) -> None:
    har = tmp_path / "x.har"

    def resposta(status: int, mensagem: str) -> dict[str, Any]:
        texto = json.dumps({"detail": mensagem, "mensagem": mensagem})
        return {"response": {"status": status, "content": {"text": texto}}}

    entradas = [
        resposta(200, "Field required"),  # 2xx: não é mensagem de erro
        resposta(422, "campo obrigatório ausente"),
        resposta(422, "texto longo demais (no máximo 200 caracteres)"),
        resposta(400, "There was an error parsing the body"),
        resposta(500, "Internal Server Error"),
    ]
    har.write_text(json.dumps({"log": {"entries": entradas}}), encoding="utf-8")
    assert _statuses(har) == Counter({422: 2, 200: 1, 400: 1, 500: 1})
    assert _em_ingles(har) == Counter(
        {"400 There was an error parsing the body": 1, "500 Internal Server Error": 1}
    )
