"""Segurança contra queda (issue 14, ponto 10): `farol serve` morto com SIGKILL várias vezes no
meio de escritas concorrentes não perde nem duplica nada.

Um servidor de verdade (`python -m farol serve --workers 2`: o supervisor e dois processos, mortos
juntos) sobre o banco de teste
(SQLite ou o PostgreSQL de `FAROL_TEST_DATABASE_URL`). Clientes em paralelo registram inspeções
(que abrem processos e numeram processo e notificação) e esclarecimentos (atos), cada pedido com
a sua `Idempotency-Key`; quando a conexão cai, o cliente repete o MESMO pedido com a MESMA chave
até ter uma resposta. Enquanto isso o teste mata o servidor (SIGKILL, sem aviso) e o sobe de
novo. No fim, conferido direto no banco:

- todo pedido confirmado (201) está gravado exatamente uma vez, e nenhum pedido (confirmado ou
  não) foi gravado duas vezes;
- cada contador da numeração oficial tem os números 1..último, sem buraco nem repetição;
- toda cadeia de atos verifica e nenhum processo ficou sem atos.

A versão curta (2 mortes) roda em `make test`; a completa (10 mortes) é marcada `longo` e roda
no CI (`FAROL_TESTES_LONGOS=1`, ver .ci/run). O resumo de cada execução sai numa linha
"queda: ..." (pytest -s) e em artefatos/confiabilidade/.
"""

from __future__ import annotations

import collections
import datetime as dt
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from apoio import porta_livre
from sqlalchemy import select

from farol.relogio import hoje
from farol.services import usuarios
from farol.store.ancoras import estado_atual, processos_sem_atos
from farol.store.auditoria import verificar_cadeias
from farol.store.db import Banco
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    Embarcacao,
    Inspecao,
    Notificacao,
    Numeracao,
    Processo,
)

from .conftest import SEGREDO, SENHA, _hash_rapido, inspecao, semear

CLIENTES = 3
ESCRITAS_ANTES_DE_MATAR = 5
ESPERA_PARA_REPETIR_S = 0.1
ARTEFATOS = Path(__file__).resolve().parents[3] / "artefatos" / "confiabilidade"


@dataclass
class Servidor:
    """`python -m farol serve` num processo próprio, que o teste mata e sobe de novo."""

    url_banco: str
    pasta: Path
    porta: int = field(default_factory=porta_livre)
    processo: subprocess.Popen[bytes] | None = None
    subidas: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.porta}"

    def subir(self) -> None:
        ambiente = {k: v for k, v in os.environ.items() if not k.startswith("FAROL_")}
        ambiente |= {"FAROL_SEGREDO": SEGREDO, "FAROL_PASTA_DADOS": str(self.pasta)}
        registro = (self.pasta / f"serve-{self.subidas}.log").open("wb")
        self.processo = subprocess.Popen(
            [sys.executable, "-m", "farol", "serve", "--porta", str(self.porta),
             "--database-url", self.url_banco, "--workers", "2"],
            env=ambiente, stdout=registro, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        self.subidas += 1
        limite = time.monotonic() + 60
        while time.monotonic() < limite:
            assert self.processo.poll() is None, self.pasta / f"serve-{self.subidas - 1}.log"
            try:
                if httpx.get(f"{self.base}/openapi.json", timeout=2).status_code == 200:
                    self._aquecer()
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise AssertionError("farol serve não respondeu em 60 s")

    def _aquecer(self) -> None:
        """A primeira inspeção de um processo novo carrega as normas e os calendários (segundos):
        uma avaliação sem gravar nada paga essa carga antes de os clientes voltarem."""
        token = httpx.post(
            f"{self.base}/api/v1/auth/token",
            data={"username": "inspetor.cpsc", "password": SENHA},
            timeout=60,
        ).json()["access_token"]
        r = httpx.post(
            f"{self.base}/api/v1/inspecoes/avaliar",
            json=inspecao(),
            headers={"Authorization": f"Bearer {token}"},
            timeout=120,
        )
        assert r.status_code == 200, r.text

    def matar(self) -> None:
        assert self.processo is not None
        # o servidor inteiro cai de uma vez: o supervisor e os seus dois processos
        os.killpg(self.processo.pid, signal.SIGKILL)
        self.processo.wait(timeout=30)


@dataclass
class Cliente:
    """Um usuário que registra inspeções e esclarecimentos e repete o pedido até a resposta."""

    servidor: Servidor
    n: int
    parar: threading.Event
    confirmados: list[tuple[str, str, Any]] = field(default_factory=list)
    recusados: list[str] = field(default_factory=list)
    repeticoes: int = 0
    processos: list[int] = field(default_factory=list)
    token: str = ""
    http: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=60))

    def _pedir(self, caminho: str, corpo: dict[str, Any]) -> httpx.Response:
        """POST com a chave de idempotência; repete (mesma chave e corpo) enquanto cair."""
        chave = str(uuid.uuid4())
        while True:
            try:
                r = self.http.post(
                    f"{self.servidor.base}/api/v1{caminho}",
                    json=corpo,
                    headers={"Authorization": f"Bearer {self.token}", "Idempotency-Key": chave},
                )
                if r.status_code < 500:
                    return r
            except httpx.TransportError:
                pass
            self.repeticoes += 1
            time.sleep(ESPERA_PARA_REPETIR_S)

    def _entrar(self) -> None:
        while not self.token:
            try:
                r = self.http.post(
                    f"{self.servidor.base}/api/v1/auth/token",
                    data={"username": "inspetor.cpsc", "password": SENHA},
                )
                if r.status_code == 200:
                    self.token = r.json()["access_token"]
                    return
            except httpx.TransportError:
                pass
            time.sleep(ESPERA_PARA_REPETIR_S)

    def _inspecionar(self, i: int) -> None:
        marca = f"Q{self.n}-{i:05d}"
        agora = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)
        r = self._pedir("/inspecoes", inspecao(inscricao=marca, data_hora=agora.isoformat()))
        if r.status_code != 201:
            self.recusados.append(f"inspeção {marca}: {r.status_code} {r.text}")
            return
        (processo,) = r.json()["processos"]
        self.processos.append(int(processo["id"]))
        self.confirmados.append(("inspecao", marca, processo["numero"]))

    def _esclarecer(self, i: int) -> None:
        marca = f"esclarecimento {self.n}-{i:05d}"
        pid = random.choice(self.processos)
        corpo = {"tipo": "esclarecimentos_prestados", "data_ato": hoje().isoformat(),
                 "dados": {"texto": marca}}  # fmt: skip
        r = self._pedir(f"/processos/{pid}/atos", corpo)
        if r.status_code != 201:
            self.recusados.append(f"ato {marca}: {r.status_code} {r.text}")
            return
        self.confirmados.append(("ato", marca, r.json()["ato"]["id"]))

    def rodar(self) -> None:
        with self.http:
            self._entrar()
            self._inspecionar(0)
            i = 1
            while not self.parar.is_set():
                if random.random() < 0.25:
                    self._inspecionar(i)
                else:
                    self._esclarecer(i)
                i += 1


def _numeros(s: Any, tipo: str, sigla: str, ano: int) -> list[int]:
    coluna = {
        "processo": Processo.numero,
        "notificacao": Notificacao.numero,
        "auto_de_infracao": AutoDeInfracao.numero,
    }[tipo]
    prefixo = f"{ano}/{sigla}/"
    return sorted(
        int(n.removeprefix(prefixo)) for n in s.execute(select(coluna)).scalars()
        if n.startswith(prefixo)
    )  # fmt: skip


def _conferir(url_banco: str, clientes: list[Cliente]) -> dict[str, int]:
    banco = Banco.conectar(url_banco)
    try:
        with banco.unit_of_work(somente_leitura=True) as s:
            textos = collections.Counter(
                str(p.get("texto"))
                for p in s.execute(
                    select(Ato.payload).where(Ato.tipo == "esclarecimentos_prestados")
                ).scalars()
            )
            ids_dos_atos = {
                str(p.get("texto")): i
                for i, p in s.execute(
                    select(Ato.id, Ato.payload).where(Ato.tipo == "esclarecimentos_prestados")
                ).tuples()
            }
            inscricoes = collections.Counter(
                s.execute(
                    select(Embarcacao.inscricao).join(
                        Inspecao, Inspecao.embarcacao_id == Embarcacao.id
                    )
                ).scalars()
            )
            duplicados = [t for t, n in (textos + inscricoes).items() if n > 1]
            assert duplicados == [], f"gravados mais de uma vez: {duplicados[:5]}"
            confirmados = [c for cliente in clientes for c in cliente.confirmados]
            perdidos = [
                marca
                for tipo, marca, valor in confirmados
                if (tipo == "ato" and ids_dos_atos.get(marca) != valor)
                or (tipo == "inspecao" and inscricoes[marca] != 1)
            ]
            assert perdidos == [], f"confirmados e não gravados: {perdidos[:5]}"
            buracos = []
            for sigla, ano, tipo, ultimo in s.execute(
                select(OM.sigla, Numeracao.ano, Numeracao.tipo, Numeracao.ultimo).join(
                    OM, OM.id == Numeracao.om_id
                )
            ):
                if _numeros(s, tipo, sigla, ano) != list(range(1, ultimo + 1)):
                    buracos.append(f"{tipo} {sigla}/{ano} (último {ultimo})")
            assert buracos == [], f"numeração com buraco ou repetição: {buracos}"
            assert verificar_cadeias(s) == []
            assert processos_sem_atos(estado_atual(s)) == []
            return {
                "atos_confirmados": sum(1 for c in confirmados if c[0] == "ato"),
                "inspecoes_confirmadas": sum(1 for c in confirmados if c[0] == "inspecao"),
                "atos_perdidos": len(perdidos),
                "duplicados": len(duplicados),
                "numeros_com_buraco": len(buracos),
            }
    finally:
        banco.fechar()


def _esperar_confirmacoes(clientes: list[Cliente], quantas: int) -> None:
    antes = sum(len(c.confirmados) for c in clientes)
    limite = time.monotonic() + 180
    while sum(len(c.confirmados) for c in clientes) < antes + quantas:
        assert time.monotonic() < limite, "o servidor não confirmou escrita nenhuma em 180 s"
        time.sleep(0.05)


def _matar_durante_escritas(
    url_banco: str, banco: Banco, motor: str, tmp_path: Path, mortes: int
) -> None:
    with pytest.MonkeyPatch.context() as mp, banco.unit_of_work() as s:
        mp.setattr(usuarios, "hash_senha", _hash_rapido)
        semear(s)
    banco.fechar()
    servidor = Servidor(url_banco, tmp_path)
    parar = threading.Event()
    clientes = [Cliente(servidor, n, parar) for n in range(CLIENTES)]
    fios = [threading.Thread(target=c.rodar, daemon=True) for c in clientes]
    inicio = time.monotonic()
    servidor.subir()
    try:
        for f in fios:
            f.start()
        for _ in range(mortes):
            # morre no meio das escritas: depois de o servidor novo já ter confirmado algumas
            # (o primeiro pedido de um processo novo carrega as normas e demora segundos)
            _esperar_confirmacoes(clientes, ESCRITAS_ANTES_DE_MATAR)
            time.sleep(random.uniform(0.1, 0.8))
            servidor.matar()
            servidor.subir()
        _esperar_confirmacoes(clientes, ESCRITAS_ANTES_DE_MATAR)
        parar.set()
        for f in fios:
            f.join(timeout=120)
        assert not any(f.is_alive() for f in fios), "um cliente não terminou"
    finally:
        parar.set()
        if servidor.processo is not None and servidor.processo.poll() is None:
            servidor.matar()
    assert [r for c in clientes for r in c.recusados] == []
    numeros = _conferir(url_banco, clientes)
    resumo = {"motor": motor, "mortes": mortes, **numeros,
              "repeticoes": sum(c.repeticoes for c in clientes),
              "segundos": round(time.monotonic() - inicio, 1)}  # fmt: skip
    print("queda: " + json.dumps(resumo, ensure_ascii=False))
    assert numeros["atos_confirmados"] > 0 and numeros["inspecoes_confirmadas"] > 0
    ARTEFATOS.mkdir(parents=True, exist_ok=True)
    (ARTEFATOS / f"queda-{motor}-{mortes}.json").write_text(
        json.dumps(resumo, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def test_servidor_morto_2_vezes_durante_escritas_nao_perde_nem_duplica(
    url_banco: str, banco: Banco, motor: str, tmp_path: Path
) -> None:
    _matar_durante_escritas(url_banco, banco, motor, tmp_path, mortes=2)


@pytest.mark.longo
def test_servidor_morto_10_vezes_durante_escritas_nao_perde_nem_duplica(
    url_banco: str, banco: Banco, motor: str, tmp_path: Path
) -> None:
    _matar_durante_escritas(url_banco, banco, motor, tmp_path, mortes=10)
