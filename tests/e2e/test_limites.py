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


def test_limite_no_banco_desliza_a_janela_e_nao_guarda_a_chave(banco: Banco) -> None:
    from sqlalchemy import select

    from farol.services.limites import ConsultasDemais, LimitadorNoBanco
    from farol.store.orm import Tentativa

    agora = [1_000_000.0]
    limite = LimitadorNoBanco(banco, "login", maximo=2, janela_s=60, relogio=lambda: agora[0])
    limite.falhou("joao@cpsc")
    limite.falhou("joao@cpsc")
    with pytest.raises(MuitasTentativas, match="tente de novo em 1 minuto"):
        limite.conferir("joao@cpsc")
    limite.conferir("maria@cpsc")  # outra chave não é afetada
    with banco.unit_of_work(somente_leitura=True) as s:
        chaves = set(s.scalars(select(Tentativa.chave)))
    assert len(chaves) == 1 and "joao" not in next(iter(chaves))  # só o SHA-256
    agora[0] += 61
    limite.conferir("joao@cpsc")
    limite.falhou("joao@cpsc")  # a gravação apaga as que saíram da janela
    with banco.unit_of_work(somente_leitura=True) as s:
        assert len(s.scalars(select(Tentativa.id)).all()) == 1
    limite.acertou("joao@cpsc")
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.scalars(select(Tentativa.id)).all() == []

    # limite de taxa: cada uso conta, o recusado não
    consultas = LimitadorNoBanco(banco, "situacao", maximo=2, janela_s=3600, relogio=lambda: agora[0])
    consultas.usar("7")
    consultas.usar("7")
    with pytest.raises(ConsultasDemais, match="no máximo 2 a cada 60 minutos"):
        consultas.usar("7")
    agora[0] += 3601
    consultas.usar("7")


def test_dois_processos_do_servidor_partilham_o_limite_de_login(
    banco: Banco, tmp_path: Path
) -> None:
    # `farol serve --workers 2`: cada processo tem a sua aplicação e o seu pool de conexões,
    # sobre o mesmo banco; 5 falhas em cada um esgotam as 10 da conta, e os dois recusam.
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania", tipo="CP", uf="SC", municipio="Florianópolis")
        criar_usuario(s, login="aut", nome="Autoridade", senha="certa", papel="autoridade_competente", om=om)
    config = Configuracao(pasta_dados=tmp_path, database_url=str(banco.url), segredo="x" * 40)
    outro = Banco.conectar(banco.url)
    try:
        processos = [TestClient(criar_app(config, banco)), TestClient(criar_app(config, outro))]
        for c in processos:
            for _ in range(5):
                r = c.post("/api/v1/auth/token", data={"username": "aut", "password": "errada"})
                assert r.status_code == 401
        for c in processos:
            r = c.post("/api/v1/auth/token", data={"username": "aut", "password": "certa"})
            assert r.status_code == 429 and "muitas tentativas" in r.json()["mensagem"]
    finally:
        outro.fechar()
