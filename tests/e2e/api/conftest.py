"""A API REST de ponta a ponta: aplicação sobre o banco de teste, OMs, usuários por papel e atalhos.

Hierarquia semeada (a jurisdição desce por `superior_id`):

    DPC ─┬─ COM5DN (DN) ── CPSC (CP, SC, Florianópolis) ── DELITAJAI (DL, SC, Itajaí)
         └─ COM8DN (DN) ── CPSP (CP, SP, Santos)

Usuários (login → papel, OM): `inspetor.cpsc`, `ac.cpsc`, `cp.cpsc`, `auditor.cpsc`,
`consulta.cpsc`, `dpc` (na DPC), `ac.delitajai`, `ac.cpsp`. Todos com a senha `SENHA`, guardada
com um argon2 de custo mínimo para o login real (POST /auth/token) custar ~1 ms por usuário.

O roteiro padrão (`ROTEIRO`) leva um processo da Notificação (inspeção em 02/03/2026) até o
recurso em última instância, com datas de 2026 já passadas; `Api.levar_ate` para no estado
pedido. Os vencimentos que ele produz estão conferidos à mão em test_prazos.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from apoio import csrf_de
from fastapi.testclient import TestClient
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from farol.app import criar_app
from farol.config import Configuracao
from farol.services import usuarios
from farol.store.db import Banco
from farol.store.orm import OM

API = "/api/v1"
SEGREDO = "x" * 40
SENHA = "senha-de-teste-123"

CPF_DONO = "529.982.247-25"
BEM_ACHADO: dict[str, Any] = {
    "data_ato": "2026-03-06",
    "recolhimento": {
        "bem": "Bote inflável cinza, 3 m, sem identificação",
        "local_do_achado": "Praia da Joaquina",
        "local_guarda": "Depósito da CPSC",
        "estado_na_chegada": "Bote murcho, com areia, sem motor.",
    },
}
"""O recolhimento de um bem achado, sem responsável (regime `custodia`, NORMAM-07)."""
CPF_CONDUTOR = "111.444.777-35"
CNPJ_EMPRESA = "11.222.333/0001-81"

INFRACAO = "RLESTA.15.I"  # dotação regulamentar: multa do grupo D (R$ 40 a 1.600) ou suspensão
DATA_INSPECAO = "2026-03-02T10:00:00-03:00"  # segunda-feira

USUARIOS: dict[str, tuple[str, str]] = {
    "inspetor.cpsc": ("inspetor", "CPSC"),
    "ac.cpsc": ("autoridade_competente", "CPSC"),
    "cp.cpsc": ("capitao_dos_portos", "CPSC"),
    "auditor.cpsc": ("auditor", "CPSC"),
    "consulta.cpsc": ("consulta", "CPSC"),
    "dpc": ("dpc", "DPC"),
    "ac.delitajai": ("autoridade_competente", "DELITAJAI"),
    "ac.cpsp": ("autoridade_competente", "CPSP"),
}

# Quem registra cada ato quando o teste não diz (o papel que o quadro de estados prevê).
AUTOR_PADRAO = {
    "esclarecimentos_prestados": "inspetor.cpsc",
    "ciencia_auto": "inspetor.cpsc",
    "renuncia_defesa": "inspetor.cpsc",
    "decisao_recurso_provido": "cp.cpsc",
    "decisao_recurso_provido_em_parte": "cp.cpsc",
    "decisao_recurso_nao_provido": "cp.cpsc",
    "ciencia_decisao_recurso": "cp.cpsc",
    "recurso_final": "cp.cpsc",
    "decisao_recurso_final_provido": "dpc",
    "decisao_recurso_final_provido_em_parte": "dpc",
    "decisao_recurso_final_nao_provido": "dpc",
}

JUSTIFICATIVA = "Dotação de salvatagem incompleta, constatada a bordo e não sanada."
FUNDAMENTACAO = "Razões do recorrente examinadas à luz dos autos."


def penalidade(multa: str | None = "1000.00", **extra: Any) -> dict[str, Any]:
    """Dados de uma decisão com penalidade para a infração padrão."""
    item: dict[str, Any] = {"infracao": INFRACAO, **extra}
    if multa is not None:
        item["multa"] = multa
    return {"penalidades": [item], "justificativa": JUSTIFICATIVA}


MOTIVO_AUTORIA = "O proprietário notificado comandava a embarcação na abordagem, embarcado."


def lavratura(autor_tipo: str = "proprietario", infracao: str = INFRACAO) -> dict[str, Any]:
    """O auto de uma infração; noutro papel que o do proprietário notificado pela inspeção de
    `inspecao()`, com o motivo da mudança da autoria (Norma de 2023, item 3.6.1)."""
    dados: dict[str, Any] = {"infracoes": [{"infracao": infracao, "autor_tipo": autor_tipo}]}
    if autor_tipo != "proprietario":
        dados["motivo_autoria"] = MOTIVO_AUTORIA
    return dados


# (tipo do ato, data, dados, estado em que o processo fica)
ROTEIRO: list[tuple[str, str, dict[str, Any], str]] = [
    ("lavratura_auto", "2026-03-13", lavratura(), "autuado"),
    ("ciencia_auto", "2026-03-16", {"meio": "pessoal"}, "em_defesa"),
    (
        "defesa",
        "2026-03-20",
        {"texto": "Alega que os coletes estavam em terra."},
        "aguardando_julgamento",
    ),
    ("julgamento_procedente", "2026-04-10", penalidade(), "julgado_procedente"),
    ("ciencia_decisao", "2026-04-14", {"meio": "AR"}, "decisao_notificada"),
    ("recurso", "2026-04-16", {"texto": "Recorre da multa."}, "em_recurso"),
    (
        "decisao_recurso_nao_provido",
        "2026-05-04",
        {"fundamentacao": FUNDAMENTACAO},
        "recurso_decidido",
    ),
    ("ciencia_decisao_recurso", "2026-05-06", {"meio": "AR"}, "decisao_recurso_notificada"),
    ("recurso_final", "2026-05-08", {"texto": "Recorre ao DPC."}, "em_recurso_final"),
]


def cpf(base: int) -> str:
    """Um CPF válido (formatado) a partir de um número de até 9 dígitos."""
    d = [int(c) for c in f"{base:09d}"]
    for tamanho in (10, 11):
        resto = sum(x * peso for x, peso in zip(d, range(tamanho, 1, -1), strict=False)) * 10 % 11
        d.append(resto % 10)
    t = "".join(map(str, d))
    return f"{t[:3]}.{t[3:6]}.{t[6:9]}-{t[9:]}"


def inspecao(
    *,
    data_hora: str = DATA_INSPECAO,
    proprietario: str = CPF_DONO,
    condutor: str | None = CPF_CONDUTOR,
    constatacoes: list[dict[str, Any]] | None = None,
    inscricao: str = "401M2026001",
) -> dict[str, Any]:
    """Corpo de POST /inspecoes; por padrão uma constatação que notifica só o proprietário."""
    corpo: dict[str, Any] = {
        "embarcacao": {"inscricao": inscricao, "nome": "Maré Alta"},
        "proprietario": {"documento": proprietario, "nome": "João Dono"},
        "data_hora": data_hora,
        "local": "Baía Norte, Florianópolis",
        "situacao": "navegando",
        "constatacoes": constatacoes
        if constatacoes is not None
        else [{"infracao": INFRACAO, "categoria_item": "salvatagem"}],
    }
    if condutor is not None:
        corpo["condutor"] = {"documento": condutor, "nome": "Pedro Condutor"}
    return corpo


@dataclass
class Api:
    """O cliente HTTP com login por usuário e atalhos para inspeções e atos."""

    cliente: TestClient
    banco: Banco
    _tokens: dict[str, dict[str, str]] = field(default_factory=dict)

    # --- autenticação -------------------------------------------------------------------

    def entrar(self, login: str, senha: str = SENHA) -> httpx.Response:
        return self.cliente.post(f"{API}/auth/token", data={"username": login, "password": senha})

    def entrar_na_web(self, login: str, senha: str = SENHA) -> None:
        """Entra pelo formulário das páginas: o cliente fica com o cookie da sessão."""
        csrf = csrf_de(self.cliente.get("/entrar").text)
        r = self.cliente.post(
            "/entrar",
            data={"csrf": csrf, "login": login, "senha": senha},
            follow_redirects=False,
        )
        assert r.status_code == 303, r.text

    def cabecalhos(self, login: str) -> dict[str, str]:
        """`Authorization: Bearer ...` do usuário (login real em /auth/token, uma vez)."""
        if login not in self._tokens:
            r = self.entrar(login)
            assert r.status_code == 200, r.text
            self._tokens[login] = {"Authorization": f"Bearer {r.json()['access_token']}"}
        return self._tokens[login]

    # --- HTTP ---------------------------------------------------------------------------

    def get(self, caminho: str, como: str = "ac.cpsc", **params: Any) -> httpx.Response:
        return self.cliente.get(f"{API}{caminho}", headers=self.cabecalhos(como), params=params)

    def post(
        self, caminho: str, corpo: Any, como: str = "ac.cpsc", chave: str | None = None
    ) -> httpx.Response:
        cab = dict(self.cabecalhos(como))
        if chave is not None:
            cab["Idempotency-Key"] = chave
        return self.cliente.post(f"{API}{caminho}", json=corpo, headers=cab)

    # --- inspeções e processos ----------------------------------------------------------

    def inspecionar(
        self, corpo: dict[str, Any] | None = None, como: str = "inspetor.cpsc"
    ) -> dict[str, Any]:
        """Registra a inspeção (201) e devolve a resposta."""
        r = self.post("/inspecoes", corpo or inspecao(), como=como)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def novo_processo(
        self, corpo: dict[str, Any] | None = None, como: str = "inspetor.cpsc"
    ) -> int:
        """Id do (único) processo aberto por uma inspeção."""
        processos = self.inspecionar(corpo, como)["processos"]
        assert len(processos) == 1, processos
        return int(processos[0]["id"])

    def processo(self, pid: int, como: str = "ac.cpsc") -> dict[str, Any]:
        r = self.get(f"/processos/{pid}", como=como)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def ato(
        self,
        pid: int,
        tipo: str,
        data_ato: str,
        dados: dict[str, Any] | None = None,
        como: str | None = None,
        chave: str | None = None,
        **extra: Any,
    ) -> httpx.Response:
        """POST /processos/{pid}/atos; `extra` vai no corpo (versao, corrige_ato_id)."""
        corpo = {"tipo": tipo, "data_ato": data_ato, "dados": dados or {}, **extra}
        autor = como or AUTOR_PADRAO.get(tipo, "ac.cpsc")
        return self.post(f"/processos/{pid}/atos", corpo, como=autor, chave=chave)

    def ato_ok(
        self, pid: int, tipo: str, data_ato: str, dados: dict[str, Any] | None = None, **kw: Any
    ) -> dict[str, Any]:
        r = self.ato(pid, tipo, data_ato, dados, **kw)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def levar_ate(self, pid: int, estado: str, como: str | None = None) -> dict[str, Any]:
        """Registra os atos do `ROTEIRO` até o processo chegar a `estado`; devolve o processo."""
        atual = self.processo(pid, como or "ac.cpsc")["estado"]
        estados = ["notificado", *(e for *_, e in ROTEIRO)]
        assert estado in estados, estado
        for tipo, data, dados, destino in ROTEIRO[estados.index(atual) : estados.index(estado)]:
            r = self.ato_ok(pid, tipo, data, dados, como=como)
            assert r["processo"]["estado"] == destino
        return self.processo(pid, como or "ac.cpsc")

    # --- banco --------------------------------------------------------------------------

    def contar(self, modelo: Any, *condicoes: Any) -> int:
        with self.banco.unit_of_work(somente_leitura=True) as s:
            return int(
                s.execute(select(func.count()).select_from(modelo).where(*condicoes)).scalar_one()
            )


def _hash_rapido(senha: str) -> str:
    """Argon2 com custo mínimo: o login real confere este hash em ~1 ms em vez de ~100 ms."""
    return Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1).hash(senha)


def semear(s: Session) -> dict[str, OM]:
    """As OMs da hierarquia e um usuário por papel (via farol.services.usuarios)."""
    c = usuarios.criar_om
    dpc = c(
        s,
        sigla="DPC",
        nome="Diretoria de Portos e Costas",
        tipo="DPC",
        uf="RJ",
        municipio="Rio de Janeiro",
    )
    com5 = c(
        s,
        sigla="COM5DN",
        nome="Comando do 5º Distrito Naval",
        tipo="DN",
        uf="RS",
        municipio="Rio Grande",
        superior=dpc,
    )
    cpsc = c(
        s,
        sigla="CPSC",
        nome="Capitania dos Portos de Santa Catarina",
        tipo="CP",
        uf="SC",
        municipio="Florianópolis",
        superior=com5,
    )
    itajai = c(
        s,
        sigla="DELITAJAI",
        nome="Delegacia da Capitania dos Portos em Itajaí",
        tipo="DL",
        uf="SC",
        municipio="Itajaí",
        superior=cpsc,
    )
    com8 = c(
        s,
        sigla="COM8DN",
        nome="Comando do 8º Distrito Naval",
        tipo="DN",
        uf="SP",
        municipio="São Paulo",
        superior=dpc,
    )
    cpsp = c(
        s,
        sigla="CPSP",
        nome="Capitania dos Portos de São Paulo",
        tipo="CP",
        uf="SP",
        municipio="Santos",
        superior=com8,
    )
    oms = {om.sigla: om for om in (dpc, com5, cpsc, itajai, com8, cpsp)}
    for login, (papel, sigla) in USUARIOS.items():
        usuarios.criar_usuario(
            s, login=login, nome=f"Usuário {login}", senha=SENHA, papel=papel, om=oms[sigla]
        )
    return oms


@pytest.fixture
def app_farol(banco: Banco, url_banco: str, tmp_path: Path) -> Any:
    config = Configuracao(pasta_dados=tmp_path, database_url=url_banco, segredo=SEGREDO)
    return criar_app(config, banco)


@pytest.fixture
def cliente(app_farol: Any) -> Iterator[TestClient]:
    with TestClient(app_farol) as c:
        yield c


@pytest.fixture
def oms(banco: Banco, monkeypatch: pytest.MonkeyPatch) -> dict[str, OM]:
    monkeypatch.setattr(usuarios, "hash_senha", _hash_rapido)
    with banco.unit_of_work() as s:
        return semear(s)


@pytest.fixture
def api(cliente: TestClient, banco: Banco, oms: dict[str, OM]) -> Api:
    return Api(cliente, banco)
