"""As páginas de ponta a ponta: um servidor Farol de verdade (uvicorn numa thread, porta livre)
sobre um banco novo por módulo de teste, com a demonstração carregada, e o Chromium do Debian
sem interface, pelo Playwright.

- `servidor` (por módulo): banco migrado e vazio (cópia do modelo SQLite, ou um esquema novo
  no PostgreSQL de `FAROL_TEST_DATABASE_URL`), demonstração carregada (senha `farol2026`),
  aplicação de `criar_app` servida em http://127.0.0.1:<porta livre>.
- `navegador` (por sessão): Chromium de /usr/bin/chromium; sem ele (ou sem o pacote
  `playwright`), os testes de navegador são pulados com o motivo.
- `capturar(pagina, nome)`: grava a tela inteira em artefatos/capturas/<nome>.png.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from apoio import csrf_de, porta_livre
from sqlalchemy import func, select

from farol.app import criar_app
from farol.config import Configuracao
from farol.relogio import hoje
from farol.services.demo import SENHA_DEMO
from farol.store.db import Banco

URL_PG = os.environ.get("FAROL_TEST_DATABASE_URL") or None
CHROMIUM = Path(os.environ.get("FAROL_CHROMIUM", "/usr/bin/chromium"))
RAIZ = Path(__file__).resolve().parents[3]
CAPTURAS = RAIZ / "artefatos" / "capturas"
SEGREDO = "segredo-dos-testes-web-" + "x" * 24
SENHA = SENHA_DEMO
ARGS_CHROMIUM = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=pt-BR"]


@dataclass
class Servidor:
    url: str
    banco: Banco
    config: Configuracao
    app: Any

    def contar(self, modelo: Any, *condicoes: Any) -> int:
        with self.banco.unit_of_work(somente_leitura=True) as s:
            return int(
                s.execute(select(func.count()).select_from(modelo).where(*condicoes)).scalar_one()
            )


@pytest.fixture(scope="module")
def app_demo(
    banco_demo: Banco, url_banco_modulo: str, tmp_path_factory: pytest.TempPathFactory
) -> Any:
    """A aplicação sobre a demonstração carregada uma vez por módulo (testes sem navegador, com
    o TestClient); o módulo que precisa de um banco novo por teste define o seu `app_demo`."""
    config = Configuracao(
        pasta_dados=tmp_path_factory.mktemp("dados"),
        database_url=url_banco_modulo,
        segredo=SEGREDO,
    )
    return criar_app(config, banco_demo)


@pytest.fixture
def cliente(app_demo: Any) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    with TestClient(app_demo, follow_redirects=False) as c:
        yield c


@pytest.fixture
def cliente_novo(
    banco: Banco, url_banco: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
    """A demonstração num banco novo só deste teste (o que ele grava não passa a outro), pelo
    TestClient, sem usuário: `entrar_no_cliente` o faz entrar."""
    from apoio import hash_rapido
    from fastapi.testclient import TestClient

    from farol.services import usuarios
    from farol.services.demo import carregar_demo

    monkeypatch.setattr(usuarios, "hash_senha", hash_rapido)
    carregar_demo(banco, hoje(), log=lambda _: None)
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO)
    with TestClient(criar_app(config, banco), follow_redirects=False) as c:
        yield c


def entrar_no_cliente(cliente: Any, login: str = "autoridade.cpsc") -> None:
    """Entra pelo formulário de /entrar (com o CSRF da página), com a senha da demonstração."""
    r = cliente.get("/entrar")
    r = cliente.post("/entrar", data={"csrf": csrf_de(r.text), "login": login, "senha": SENHA})
    assert r.status_code == 303, r.text


@pytest.fixture(scope="module")
def servidor(
    banco_demo: Banco, url_banco_modulo: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Servidor]:
    import uvicorn

    config = Configuracao(
        pasta_dados=tmp_path_factory.mktemp("dados"),
        database_url=url_banco_modulo,
        segredo=SEGREDO,
    )
    app = criar_app(config, banco_demo)
    porta = porta_livre()
    servidor = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=porta, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=servidor.run, name="farol-web-teste", daemon=True)
    thread.start()
    limite = time.monotonic() + 20
    while not servidor.started:
        if time.monotonic() > limite or not thread.is_alive():
            raise RuntimeError("o servidor de teste não subiu")
        time.sleep(0.02)
    yield Servidor(f"http://127.0.0.1:{porta}", banco_demo, config, app)
    servidor.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def navegador() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium não encontrado em {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("pacote playwright ausente (pip install playwright)")
    with sync_playwright() as p:
        # datas dos campos <input type=date> em DD/MM/AAAA (com o pacote chromium-l10n)
        ambiente = {**os.environ, "LANG": "pt_BR.UTF-8", "LANGUAGE": "pt_BR:pt"}
        b = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS_CHROMIUM, env=ambiente
        )
        yield b
        b.close()


CELULAR = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
COMPUTADOR = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def contexto(navegador: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Um contexto novo (cookies limpos); `@pytest.mark.parametrize` indireto não é preciso:
    use `novo_contexto` para o celular."""
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **COMPUTADOR)
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


@pytest.fixture
def contexto_celular(navegador: Any) -> Iterator[Any]:
    ctx = navegador.new_context(locale="pt-BR", timezone_id="America/Sao_Paulo", **CELULAR)
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def esperar(pagina: Any, js: str, segundos: float = 15.0) -> None:
    """Até a expressão (que pode ser uma promessa) dar verdadeiro, pelo `evaluate`. Não o
    `wait_for_function` do Playwright: ele avalia o predicado com `eval` na página, que a
    política de conteúdo das páginas (sem 'unsafe-eval') recusa, e não espera promessas."""
    limite = time.monotonic() + segundos
    while not pagina.evaluate(js):
        assert time.monotonic() < limite, f"não aconteceu em {segundos} s: {js}"
        pagina.wait_for_timeout(100)


def capturar(pagina: Any, nome: str, inteira: bool = True) -> Path:
    """A página (inteira, ou só a parte visível) em artefatos/capturas/<nome>.png."""
    CAPTURAS.mkdir(parents=True, exist_ok=True)
    caminho = CAPTURAS / f"{nome}.png"
    pagina.screenshot(path=str(caminho), full_page=inteira)
    return caminho


def entrar(pagina: Any, base: str, login: str, senha: str = SENHA) -> None:
    pagina.goto(f"{base}/entrar")
    pagina.fill("#c-login", login)
    pagina.fill("#c-senha", senha)
    pagina.click("form[action='/entrar'] button[type=submit]")
    pagina.wait_for_url(f"{base}/painel")


def dias_atras(n: int) -> dt.date:
    return hoje() - dt.timedelta(days=n)
