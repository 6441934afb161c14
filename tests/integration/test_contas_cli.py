"""Contas pela linha de comando: `farol om criar` e `farol usuario criar|senha|desativar|ativar`.

Antes, OMs e usuários só nasciam da demonstração e da carga em massa, e desativar alguém era um
UPDATE à mão no banco. Aqui a CLI cria, troca a senha (lida sem eco no terminal ou da entrada
padrão, nunca de um argumento) e desativa; o servidor em execução (a aplicação sobre o mesmo
banco, pelo TestClient) recusa o token do usuário desativado já no pedido seguinte.
"""

from __future__ import annotations

import datetime as dt
import os
import pty
import pwd
import selectors
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest
from cli_util import Saida, rodar
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError

from farol.app import criar_app
from farol.config import Configuracao
from farol.erros import Conflito
from farol.services import agenda, autenticacao
from farol.services.senhas import conferir_senha
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import OM, AlteracaoDeConta, Sessao, TokenAgenda, Usuario

RAIZ = Path(__file__).resolve().parents[2]
API = "/api/v1"
SEGREDO = "x" * 40
SENHA = "mare-alta-de-marco"  # 18 caracteres
OUTRA = "vento-sul-na-barra"


class Farol(Protocol):
    def __call__(self, *args: str, entrada: str = "") -> Saida: ...


@pytest.fixture
def farol(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url_banco: str
) -> Farol:
    """`farol(*args, entrada=...)`: a CLI no próprio processo, sobre o banco do teste."""

    def rodar_no_banco(*args: str, entrada: str = "") -> Saida:
        return rodar(capsys, monkeypatch, *args, "--database-url", url_banco, entrada=entrada)

    return rodar_no_banco


@pytest.fixture
def cliente(banco: Banco, url_banco: str, tmp_path: Path) -> Iterator[TestClient]:
    """O servidor em execução: a aplicação sobre o mesmo banco da CLI."""
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO)
    with TestClient(criar_app(config, banco)) as c:
        yield c


def _oms(farol) -> None:
    r = farol("om", "criar", "DPC", "--nome", "Diretoria de Portos e Costas", "--tipo", "DPC",
              "--uf", "RJ", "--municipio", "Rio de Janeiro")  # fmt: skip
    assert r.codigo == 0, r.stderr
    r = farol("om", "criar", "CPSC", "--nome", "Capitania dos Portos de Santa Catarina",
              "--tipo", "CP", "--uf", "SC", "--municipio", "Florianópolis", "--superior", "DPC")  # fmt: skip
    assert r.codigo == 0, r.stderr


def _usuario(farol, login: str = "ac.cpsc", senha: str = SENHA) -> Saida:
    return farol("usuario", "criar", login, "--nome", "CT Mariana Albuquerque", "--papel",
                 "autoridade_competente", "--om", "CPSC", "--senha-stdin", entrada=senha + "\n")  # fmt: skip


def _entrar(cliente: TestClient, login: str, senha: str) -> int:
    r = cliente.post(f"{API}/auth/token", data={"username": login, "password": senha})
    return r.status_code


def _token(cliente: TestClient, login: str = "ac.cpsc", senha: str = SENHA) -> str:
    r = cliente.post(f"{API}/auth/token", data={"username": login, "password": senha})
    assert r.status_code == 200, r.text
    return str(r.json()["access_token"])


def _eu(cliente: TestClient, token: str) -> int:
    return cliente.get(f"{API}/auth/eu", headers={"Authorization": f"Bearer {token}"}).status_code


def _ler(banco: Banco, login: str) -> Usuario:
    with banco.unit_of_work(somente_leitura=True) as s:
        return s.execute(select(Usuario).where(Usuario.login == login)).scalar_one()


# --- farol om criar ---------------------------------------------------------------------------


def test_om_criada_pela_cli_fica_subordinada_a_superior(farol: Farol, banco: Banco) -> None:
    _oms(farol)
    r = farol("om", "criar", "delitajai", "--nome", "Delegacia da Capitania dos Portos em Itajaí",
              "--tipo", "dl", "--uf", "sc", "--municipio", "Itajaí", "--superior", "CPSC")  # fmt: skip
    assert r.codigo == 0, r.stderr
    assert "OM criada: DELITAJAI — Delegacia da Capitania dos Portos em Itajaí (DL)" in r.stdout
    assert "Itajaí/SC, subordinada a CPSC" in r.stdout
    with banco.unit_of_work(somente_leitura=True) as s:
        om = s.execute(select(OM).where(OM.sigla == "DELITAJAI")).scalar_one()
        cpsc = s.execute(select(OM).where(OM.sigla == "CPSC")).scalar_one()
        assert (om.tipo, om.uf, om.municipio, om.superior_id) == ("DL", "SC", "Itajaí", cpsc.id)


@pytest.mark.parametrize(
    ("argumentos", "erro"),
    [
        (["CPSC", "--tipo", "CP", "--uf", "SC"], "erro: sigla: já existe a OM “CPSC”"),
        (["CPXX", "--tipo", "CP", "--uf", "SC", "--superior", "COM9DN"],
         "erro: superior: OM “COM9DN” não encontrada"),
        (["CPXX", "--tipo", "XX", "--uf", "SC"],
         "erro: tipo: tipo de OM desconhecido: “XX” (use CP, DL, AG, DPC ou DN)"),
        (["CPXX", "--tipo", "CP", "--uf", "ZZ"], "erro: uf: UF desconhecida: “ZZ”"),
        (["2026/X", "--tipo", "CP", "--uf", "SC"], "erro: sigla: sigla inválida: “2026/X”"),
        (["CPXX", "--tipo", "CP", "--uf", "SC", "--superior", ""], "erro: superior: em branco"),
        (["C" * 21, "--tipo", "CP", "--uf", "SC"],
         "erro: sigla: texto longo demais (no máximo 20 caracteres)"),
    ],
)  # fmt: skip
def test_om_criar_recusa_a_entrada_invalida_com_o_campo_e_a_regra(
    farol: Farol, banco: Banco, argumentos: list[str], erro: str
) -> None:
    _oms(farol)
    r = farol("om", "criar", *argumentos, "--nome", "Capitania X", "--municipio", "Laguna")
    assert r.codigo == 2
    assert r.stderr.startswith(erro), r.stderr
    assert "Traceback" not in r.stderr
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(select(func.count()).select_from(OM)).scalar_one() == 2  # nada criado


def test_om_criar_recusa_nome_em_branco(farol: Farol) -> None:
    r = farol("om", "criar", "DPC", "--nome", "  ", "--tipo", "DPC", "--uf", "RJ",
              "--municipio", "Rio de Janeiro")  # fmt: skip
    assert (r.codigo, r.stderr.strip()) == (2, "erro: nome: em branco: informe um valor")


# --- farol usuario criar ----------------------------------------------------------------------


def test_usuario_criado_pela_cli_entra_pela_api_com_a_senha_da_entrada_padrao(
    farol: Farol, banco: Banco, cliente: TestClient
) -> None:
    _oms(farol)
    r = farol("usuario", "criar", "ac.cpsc", "--nome", "CT Mariana Albuquerque", "--papel",
              "autoridade_competente", "--om", "cpsc", "--email", "ac.cpsc@marinha.mil.br",
              "--senha-stdin", entrada=SENHA + "\n")  # fmt: skip
    assert r.codigo == 0, r.stderr
    assert "usuário criado: ac.cpsc (CT Mariana Albuquerque), Autoridade Competente na CPSC" in (
        r.stdout
    )
    assert SENHA not in r.stdout + r.stderr
    u = _ler(banco, "ac.cpsc")
    assert u.ativo and u.papel == "autoridade_competente" and u.email == "ac.cpsc@marinha.mil.br"
    # só o hash, do mesmo argon2 do login; a quebra de linha do fim não entrou na senha
    assert u.senha_hash.startswith("$argon2") and SENHA not in u.senha_hash
    assert conferir_senha(SENHA, u.senha_hash)
    token = _token(cliente)
    r_eu = cliente.get(f"{API}/auth/eu", headers={"Authorization": f"Bearer {token}"})
    assert r_eu.json() == {"login": "ac.cpsc", "nome": "CT Mariana Albuquerque",
                           "papel": "autoridade_competente", "om": "CPSC"}  # fmt: skip


def test_senha_de_12_caracteres_e_aceita_e_a_de_11_recusada(farol: Farol, banco: Banco) -> None:
    _oms(farol)
    curta = _usuario(farol, "curta", "a" * 11)
    assert curta.codigo == 2
    assert curta.stderr.strip() == "erro: senha: senha curta demais: use no mínimo 12 caracteres"
    assert _usuario(farol, "no.limite", "a" * 12).codigo == 0
    assert _usuario(farol, "longa", "a" * 13).codigo == 0
    with banco.unit_of_work(somente_leitura=True) as s:
        logins = set(s.execute(select(Usuario.login)).scalars())
    assert logins == {"no.limite", "longa"}


@pytest.mark.parametrize(
    ("mudanca", "entrada", "erro"),
    [
        ({"--papel": "chefe"}, SENHA, "erro: papel: papel desconhecido: “chefe” (use inspetor, "
         "autoridade_competente, capitao_dos_portos, dpc, auditor ou consulta)"),
        ({"--om": "CPXX"}, SENHA, "erro: om: OM “CPXX” não encontrada"),
        ({"login": "Maria"}, SENHA, "erro: login: login inválido: “Maria”"),
        ({"login": "ac.cpsc"}, SENHA, "erro: login: login já existe: “ac.cpsc”"),
        ({"--email": "sem arroba"}, SENHA, "erro: email: e-mail inválido: “sem arroba”"),
        ({"--nome": ""}, SENHA, "erro: nome: em branco"),
        ({}, SENHA + "\nresto", "erro: senha: a senha vai numa linha só, sem quebra de linha"),
        ({}, "x" * 257, "erro: senha: senha longa demais: use no máximo 256 caracteres"),
    ],
)  # fmt: skip
def test_usuario_criar_recusa_a_entrada_invalida_com_o_campo_e_a_regra(
    farol: Farol, banco: Banco, mudanca: dict[str, str], entrada: str, erro: str
) -> None:
    _oms(farol)
    assert _usuario(farol).codigo == 0
    opcoes = {"--nome": "SG Teste", "--papel": "inspetor", "--om": "CPSC"} | mudanca
    login = opcoes.pop("login", "novo.cpsc")
    args = [a for par in opcoes.items() for a in par]
    r = farol("usuario", "criar", login, *args, "--senha-stdin", entrada=entrada)
    assert r.codigo == 2
    assert r.stderr.startswith(erro), r.stderr
    assert SENHA not in r.stderr and "Traceback" not in r.stderr
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(select(func.count()).select_from(Usuario)).scalar_one() == 1


def test_a_senha_nunca_vem_de_um_argumento(farol: Farol) -> None:
    _oms(farol)
    r = farol("usuario", "criar", "ac.cpsc", "--nome", "CT Mariana", "--papel", "inspetor",
              "--om", "CPSC", "--senha", SENHA)  # fmt: skip
    assert r.codigo == 2 and r.stderr.startswith("erro: opção desconhecida")
    # sem terminal e sem --senha-stdin não há de onde ler: recusa, não lê a entrada às cegas
    r = farol("usuario", "criar", "ac.cpsc", "--nome", "CT Mariana", "--papel", "inspetor",
              "--om", "CPSC", entrada=SENHA)  # fmt: skip
    assert r.codigo == 2
    assert r.stderr.startswith("erro: senha: sem terminal para digitar a senha: use --senha-stdin")


def _no_terminal(args: list[str], respostas: list[tuple[str, str]]) -> tuple[int, str]:
    """Roda `farol ARGS` num pseudoterminal (sessão própria), responde a cada pergunta quando
    ela aparece e devolve o código de saída e tudo o que apareceu na tela."""
    mestre, escravo = pty.openpty()
    ambiente = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(RAIZ), *filter(None, [os.environ.get("PYTHONPATH")])])}  # fmt: skip
    p = subprocess.Popen([sys.executable, "-m", "farol", *args], stdin=escravo, stdout=escravo,
                         stderr=escravo, start_new_session=True, env=ambiente)  # fmt: skip
    os.close(escravo)
    tela = b""

    seletor = selectors.DefaultSelector()
    seletor.register(mestre, selectors.EVENT_READ)

    def ler(ate: bytes | None) -> None:
        nonlocal tela
        limite = time.monotonic() + 60
        while ate is None or ate not in tela:
            if not seletor.select(max(0.0, limite - time.monotonic())):
                raise AssertionError(f"esperava {ate!r} na tela; veio {tela!r}")
            try:
                pedaco = os.read(mestre, 4096)
            except OSError:  # EIO: o processo fechou o terminal
                return
            if not pedaco:
                return
            tela += pedaco

    try:
        for pergunta, resposta in respostas:
            ler(pergunta.encode())
            os.write(mestre, resposta.encode() + b"\n")
        ler(None)
        codigo = p.wait(timeout=60)
    finally:
        seletor.close()
        os.close(mestre)
        if p.poll() is None:
            p.kill()
    return codigo, tela.decode(errors="replace")


def test_senha_digitada_no_terminal_sem_eco_e_confirmada(
    farol: Farol, banco: Banco, url_banco: str
) -> None:
    _oms(farol)
    base = ["usuario", "criar", "ac.cpsc", "--nome", "CT Mariana", "--papel",
            "autoridade_competente", "--om", "CPSC", "--database-url", url_banco]  # fmt: skip
    codigo, tela = _no_terminal(base, [("Senha nova", SENHA), ("Repita a senha", SENHA + "!")])
    assert codigo == 2 and "erro: senha: as duas senhas digitadas não conferem" in tela
    codigo, tela = _no_terminal(base, [("Senha nova", SENHA), ("Repita a senha", SENHA)])
    assert codigo == 0, tela
    assert "usuário criado: ac.cpsc" in tela
    assert SENHA not in tela  # o terminal não ecoou a senha
    assert conferir_senha(SENHA, _ler(banco, "ac.cpsc").senha_hash)


# --- farol usuario senha | desativar | ativar -------------------------------------------------


def test_trocar_a_senha_encerra_as_sessoes_abertas_e_a_antiga_nao_entra_mais(
    farol: Farol, cliente: TestClient
) -> None:
    _oms(farol)
    assert _usuario(farol).codigo == 0
    tokens = [_token(cliente), _token(cliente)]  # dois aparelhos
    assert [_eu(cliente, t) for t in tokens] == [200, 200]
    r = farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada=OUTRA + "\n")
    assert r.codigo == 0, r.stderr
    assert r.stdout.strip() == "ac.cpsc: senha trocada; 2 sessões encerradas"
    assert [_eu(cliente, t) for t in tokens] == [401, 401]
    assert _entrar(cliente, "ac.cpsc", SENHA) == 401
    assert _eu(cliente, _token(cliente, senha=OUTRA)) == 200
    curta = farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada="curta\n")
    assert curta.codigo == 2 and "no mínimo 12 caracteres" in curta.stderr
    assert _entrar(cliente, "ac.cpsc", OUTRA) == 200  # a recusada não mudou nada
    ninguem = farol("usuario", "senha", "ninguem", "--senha-stdin", entrada=OUTRA)
    assert (ninguem.codigo, ninguem.stderr.strip()) == (
        2,
        "erro: login: usuário “ninguem” não encontrado",
    )


def test_desativar_pela_cli_derruba_o_token_no_pedido_seguinte_e_ativar_nao_o_ressuscita(
    farol: Farol, banco: Banco, cliente: TestClient
) -> None:
    _oms(farol)
    assert _usuario(farol).codigo == 0
    assert _usuario(farol, "outro.cpsc").codigo == 0
    token, do_outro = _token(cliente), _token(cliente, "outro.cpsc")
    uow = BancoUnitOfWork(banco)
    ator = autenticacao.ator_ativo(uow, _ler(banco, "ac.cpsc").id)
    assert ator is not None
    agenda_ics = f"/feeds/{agenda.criar_token(uow, ator)}.ics"
    assert _eu(cliente, token) == 200 and cliente.get(agenda_ics).status_code == 200

    r = farol("usuario", "desativar", "ac.cpsc")
    assert r.codigo == 0, r.stderr
    assert r.stdout.strip() == (
        "ac.cpsc: desativado; 1 sessão encerrada; endereço da agenda revogado"
    )
    # o mesmo servidor, sem reiniciar: o token e o endereço da agenda já não valem
    assert _eu(cliente, token) == 401
    assert cliente.get(agenda_ics).status_code == 404
    assert _entrar(cliente, "ac.cpsc", SENHA) == 401
    assert _eu(cliente, do_outro) == 200  # os outros usuários seguem
    with banco.unit_of_work(somente_leitura=True) as s:
        abertas = select(func.count()).select_from(Sessao).join(Usuario).where(
            Usuario.login == "ac.cpsc", Sessao.encerrada_em.is_(None))  # fmt: skip
        assert s.execute(abertas).scalar_one() == 0
        assert s.execute(select(TokenAgenda.revogado_em)).scalar_one() is not None
    de_novo = farol("usuario", "desativar", "ac.cpsc")
    assert de_novo.stdout.strip() == "ac.cpsc: já estava desativado; 0 sessões encerradas"

    r = farol("usuario", "ativar", "ac.cpsc")
    assert r.codigo == 0, r.stderr
    assert r.stdout.strip() == "ac.cpsc: ativado; entra com a senha que tem"
    # reativar não devolve a vida ao que desativar encerrou: entra de novo, com a senha
    assert _eu(cliente, token) == 401
    assert cliente.get(agenda_ics).status_code == 404
    assert _eu(cliente, _token(cliente)) == 200
    assert farol("usuario", "ativar", "ac.cpsc").stdout.strip() == (
        "ac.cpsc: já estava ativo; entra com a senha que tem"
    )


@pytest.mark.parametrize("comando", ["desativar", "ativar"])
def test_desativar_ou_ativar_quem_nao_existe_e_erro_no_login(farol: Farol, comando: str) -> None:
    r = farol("usuario", comando, "ninguem")
    assert (r.codigo, r.stderr.strip()) == (2, "erro: login: usuário “ninguem” não encontrado")


# --- trocar a senha de uma conta comprometida ------------------------------------------------


def test_trocar_a_senha_revoga_o_endereco_da_agenda_como_desativar(
    farol: Farol, banco: Banco, cliente: TestClient
) -> None:
    """O endereço da agenda foi criado por quem tinha a senha antiga: quem a tomou pode tê-lo
    copiado. Trocar a senha o revoga, como desativar; o usuário cria outro, com a senha nova."""
    _oms(farol)
    assert _usuario(farol).codigo == 0
    uow = BancoUnitOfWork(banco)
    ator = autenticacao.ator_ativo(uow, _ler(banco, "ac.cpsc").id)
    assert ator is not None
    agenda_ics = f"/feeds/{agenda.criar_token(uow, ator)}.ics"
    token = _token(cliente)
    assert cliente.get(agenda_ics).status_code == 200

    r = farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada=OUTRA + "\n")
    assert r.codigo == 0, r.stderr
    assert r.stdout.strip() == (
        "ac.cpsc: senha trocada; 1 sessão encerrada; endereço da agenda revogado"
    )
    # o servidor em execução, sem reiniciar: nem o token nem o endereço da agenda valem
    assert _eu(cliente, token) == 401
    assert cliente.get(agenda_ics).status_code == 404
    with banco.unit_of_work(somente_leitura=True) as s:
        assert s.execute(select(TokenAgenda.revogado_em)).scalar_one() is not None
    novo = f"/feeds/{agenda.criar_token(uow, ator)}.ics"  # o usuário cria outro endereço
    assert cliente.get(novo).status_code == 200


def test_trocar_a_senha_zera_o_contador_de_falhas_de_login_so_da_conta(
    farol: Farol, cliente: TestClient
) -> None:
    """Quem adivinhava a senha esgotou as tentativas da conta (429 até a janela passar): o dono,
    com a senha nova, entra na hora. O contador das outras contas fica como estava."""
    _oms(farol)
    assert _usuario(farol).codigo == 0
    assert _usuario(farol, "outro.cpsc").codigo == 0
    for login in ("ac.cpsc", "outro.cpsc"):
        assert {_entrar(cliente, login, "errada-errada-1") for _ in range(10)} == {401}
        assert _entrar(cliente, login, SENHA) == 429  # barrado antes de conferir a senha

    r = farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada=OUTRA + "\n")
    assert r.codigo == 0, r.stderr
    assert r.stdout.strip() == (
        "ac.cpsc: senha trocada; 0 sessões encerradas; contador de falhas de login zerado"
    )
    assert _entrar(cliente, "ac.cpsc", SENHA) == 401  # a antiga não entra (e conta como falha)
    assert _entrar(cliente, "ac.cpsc", OUTRA) == 200
    assert _entrar(cliente, "outro.cpsc", SENHA) == 429


# --- o registro das mudanças de contas ---------------------------------------------------------


def _operador_esperado() -> str:
    """O que a CLI registra como quem a rodou: o usuário do sistema na máquina."""
    return f"{pwd.getpwuid(os.getuid()).pw_name}@{socket.gethostname()}"


def test_cada_mudanca_de_conta_fica_registrada_com_quem_quando_a_conta_e_o_efeito(
    farol: Farol, banco: Banco, cliente: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # tabela larga: nenhuma célula dobrada
    antes = dt.datetime.now(dt.UTC)
    _oms(farol)
    assert _usuario(farol).codigo == 0
    assert _usuario(farol, "outro.cpsc").codigo == 0
    _token(cliente)
    assert farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada=OUTRA).codigo == 0
    assert farol("usuario", "desativar", "ac.cpsc").codigo == 0
    assert farol("usuario", "ativar", "ac.cpsc").codigo == 0
    depois = dt.datetime.now(dt.UTC)

    r = farol("usuario", "historico", "ac.cpsc", "--json")
    assert r.codigo == 0, r.stderr
    mudancas = r.json()
    assert [(m["acao"], m["login"], m["om"]) for m in mudancas] == [
        ("ativacao", "ac.cpsc", "CPSC"),
        ("desativacao", "ac.cpsc", "CPSC"),
        ("troca_de_senha", "ac.cpsc", "CPSC"),
        ("criacao_de_usuario", "ac.cpsc", "CPSC"),
    ]  # das mais recentes às mais antigas; as do outro usuário não entram
    assert {(m["origem"], m["operador"]) for m in mudancas} == {("CLI", _operador_esperado())}
    for m in mudancas:
        assert antes <= dt.datetime.fromisoformat(m["registrado_em"]) <= depois
    assert [m["efeito"] for m in mudancas] == [
        {"ativo": True, "mudou": True},
        {"ativo": False, "mudou": True, "sessoes_encerradas": 0, "agenda_revogada": False},
        {"sessoes_encerradas": 1, "agenda_revogada": False, "falhas_de_login_zeradas": False},
        {"login": "ac.cpsc", "nome": "CT Mariana Albuquerque", "papel": "autoridade_competente",
         "om": "CPSC"},
    ]  # fmt: skip

    # a OM: a criação dela e as mudanças dos usuários dela
    r = farol("usuario", "historico", "--om", "cpsc", "--json")
    assert [(m["acao"], m["login"]) for m in r.json()][-3:] == [
        ("criacao_de_usuario", "outro.cpsc"),
        ("criacao_de_usuario", "ac.cpsc"),
        ("criacao_de_om", None),
    ]
    assert r.json()[-1]["efeito"] == {
        "sigla": "CPSC", "nome": "Capitania dos Portos de Santa Catarina", "tipo": "CP",
        "uf": "SC", "municipio": "Florianópolis", "superior": "DPC",
    }  # fmt: skip
    todas = farol("usuario", "historico", "--json").json()
    assert len(todas) == 7 and todas[-1]["om"] == "DPC"
    assert len(farol("usuario", "historico", "--limite", "2", "--json").json()) == 2

    # para pessoas: uma tabela em português
    r = farol("usuario", "historico", "ac.cpsc")
    assert r.codigo == 0, r.stderr
    for trecho in ("usuário reativado", "entra com a senha que tem", "usuário desativado",
                   "senha trocada", "1 sessão encerrada", "usuário criado",
                   "Autoridade Competente na CPSC", f"CLI: {_operador_esperado()}"):  # fmt: skip
        assert trecho in r.stdout, trecho

    # a senha nunca: nem na saída nem no registro gravado (nem o hash)
    with banco.unit_of_work(somente_leitura=True) as s:
        gravado = repr(s.execute(select(AlteracaoDeConta.__table__)).all())
        hashes = list(s.execute(select(Usuario.senha_hash)).scalars())
    for segredo in (SENHA, OUTRA, *hashes):
        assert segredo not in gravado and segredo not in r.stdout


def test_o_registro_diz_o_sudo_de_quem_rodou_a_cli(
    farol: Farol, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDO_USER", "cb.silva")
    monkeypatch.setenv("USER", "outro-nome")  # a variável não troca quem é o processo
    _oms(farol)
    (m, _) = farol("usuario", "historico", "--json").json()
    assert m["operador"] == f"{_operador_esperado()} (sudo de cb.silva)"


def test_mudanca_recusada_nao_fica_no_registro(farol: Farol, banco: Banco) -> None:
    _oms(farol)
    assert _usuario(farol).codigo == 0
    assert _usuario(farol).codigo == 2  # login repetido
    assert farol("om", "criar", "CPSC", "--nome", "x", "--tipo", "CP", "--uf", "SC",
                 "--municipio", "y").codigo == 2  # fmt: skip
    assert farol("usuario", "senha", "ac.cpsc", "--senha-stdin", entrada="curta").codigo == 2
    assert farol("usuario", "desativar", "ninguem").codigo == 2
    with banco.unit_of_work(somente_leitura=True) as s:
        acoes = list(s.execute(select(AlteracaoDeConta.acao).order_by(AlteracaoDeConta.id)))
    assert [a for (a,) in acoes] == ["criacao_de_om", "criacao_de_om", "criacao_de_usuario"]


def test_trocar_o_email_do_resumo_fica_no_registro_sem_o_endereco(farol: Farol) -> None:
    """Para onde vão os prazos da OM é uma mudança da conta: quem redirecionou o resumo diário
    fica registrado (o endereço, dado pessoal, não)."""
    _oms(farol)
    assert _usuario(farol).codigo == 0
    r = farol("usuario", "email", "ac.cpsc", "desvio@exemplo.com")
    assert r.codigo == 0, r.stderr
    assert farol("usuario", "email", "ac.cpsc", "").codigo == 0
    r = farol("usuario", "historico", "ac.cpsc", "--json")
    assert r.codigo == 0, r.stderr
    emails = [m for m in r.json() if m["acao"] == "troca_de_email"]
    assert [m["efeito"] for m in emails] == [
        {"com_email": False, "mudou": True},
        {"com_email": True, "mudou": True},
    ]
    assert {m["operador"] for m in emails} == {_operador_esperado()}
    assert "desvio@exemplo.com" not in r.stdout


@pytest.mark.parametrize(
    ("argumentos", "erro"),
    [
        (["ninguem"], "erro: login: usuário “ninguem” não encontrado"),
        (["--om", "CPXX"], "erro: om: OM “CPXX” não encontrada"),
        (["--limite", "0"], "erro: limite: valor inválido (deve ser maior ou igual a 1)"),
    ],
)
def test_usuario_historico_recusa_quem_nao_existe_no_campo(
    farol: Farol, argumentos: list[str], erro: str
) -> None:
    _oms(farol)
    r = farol("usuario", "historico", *argumentos)
    assert (r.codigo, r.stderr.strip()) == (2, erro)


def test_o_registro_so_recebe_acrescimos_na_sessao(farol: Farol, banco: Banco) -> None:
    _oms(farol)
    with pytest.raises(Conflito, match="só recebe acréscimos"), banco.unit_of_work() as s:
        s.scalars(select(AlteracaoDeConta)).first().operador = "ninguem@lugar-nenhum"  # type: ignore[union-attr]
    with pytest.raises(Conflito, match="só recebe acréscimos"), banco.unit_of_work() as s:
        s.delete(s.scalars(select(AlteracaoDeConta)).first())
    assert len(farol("usuario", "historico", "--json").json()) == 2


@pytest.mark.parametrize(
    "comando",
    [
        "UPDATE alteracao_de_conta SET operador = 'ninguem@lugar-nenhum'",
        "DELETE FROM alteracao_de_conta",
        "TRUNCATE alteracao_de_conta",
    ],
)
def test_no_postgresql_o_banco_recusa_alterar_ou_apagar_o_registro(
    farol: Farol, banco: Banco, motor: str, comando: str
) -> None:
    if motor != "postgresql":
        pytest.skip("gatilho do PostgreSQL (no SQLite, a regra vale pela sessão)")
    _oms(farol)
    with pytest.raises(DBAPIError, match="só recebe acréscimos"), banco.engine.begin() as c:
        c.exec_driver_sql(comando)
    assert len(farol("usuario", "historico", "--json").json()) == 2
