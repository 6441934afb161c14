"""Limite de tentativas: adivinhar senha ou varrer processos com CPFs é freado (HTTP 429)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from farol.app import criar_app
from farol.config import Configuracao
from farol.services.limites import Limitador, MuitasTentativas
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco


def test_janela_deslizante_libera_depois_do_tempo() -> None:
    agora = [0.0]
    limite = Limitador(maximo=2, janela_s=60, relogio=lambda: agora[0])
    limite.falhou("ip", "joao")
    limite.falhou("ip", "joao")
    with pytest.raises(MuitasTentativas, match="tente de novo em 1 minuto"):
        limite.conferir("ip", "joao")
    limite.conferir("ip", "maria")  # outra chave não é afetada
    agora[0] = 61.0
    limite.conferir("ip", "joao")


def test_acerto_zera_as_falhas() -> None:
    limite = Limitador(maximo=2, janela_s=60)
    limite.falhou("ip", "joao")
    limite.acertou("ip", "joao")
    limite.falhou("ip", "joao")
    limite.conferir("ip", "joao")


def test_login_da_api_e_da_pagina_bloqueiam_depois_de_10_falhas(banco: Banco, tmp_path: Path) -> None:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania", tipo="CP", uf="SC", municipio="Florianópolis")
        criar_usuario(s, login="aut", nome="Autoridade", senha="certa", papel="autoridade_competente", om=om)
    app = criar_app(Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo="x" * 40), banco)
    c = TestClient(app)
    for _ in range(10):
        assert c.post("/api/v1/auth/token", data={"username": "aut", "password": "errada"}).status_code == 401
    r = c.post("/api/v1/auth/token", data={"username": "aut", "password": "certa"})
    assert r.status_code == 429 and "muitas tentativas" in r.json()["mensagem"]
    # a página de login compartilha o mesmo limite
    pagina = c.get("/entrar").text
    import re

    csrf = re.search(r'name="csrf" value="([^"]+)"', pagina)
    assert csrf
    r = c.post("/entrar", data={"csrf": csrf.group(1), "login": "aut", "senha": "certa"}, follow_redirects=False)
    assert r.status_code == 429 and "muitas tentativas" in r.text
