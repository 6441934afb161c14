"""Carga em massa (issue 13, item 1): `farol demo --processos N` acrescenta N processos
realistas à demonstração por caminhos de carga em lote, sem passar ato a ato pelos serviços.

Os modelos são os processos da demonstração que os próprios serviços criaram (`demo.py`,
um por estado do quadro): cada linha deles (processo, inspeção, constatações, notificação,
auto e itens, atos, prazos, penalidades, pagamentos) é lida uma vez e clonada N vezes com:

- ids novos atribuídos em bloco (máximo da tabela + 1 ...; no PostgreSQL as sequências são
  acertadas no fim de cada lote);
- numeração oficial do processo, da notificação e do auto tirada dos contadores de
  `numeracao`, que terminam cada lote com `ultimo` igual ao maior número usado (o texto do
  ato que cita o número do auto é reescrito);
- pessoas (CPF válido) e embarcação novas;
- a OM sorteada primeiro, pelo peso do seu tipo (`PESO_DO_TIPO_DE_OM`: os processos se
  espalham pelo país), e depois um modelo e um recuo em que ela tem o mesmo calendário nos dias
  que os prazos do modelo tocam (feriados da UF e fechamentos próprios): os vencimentos e os
  dias não úteis gravados no modelo valem para ela; os atores são os usuários da OM (ou da OM
  superior) com o papel;
- as datas recuadas um número inteiro de semanas (sábados e domingos caem nos mesmos dias),
  só quando o calendário também confere nas datas recuadas;
- a cadeia de hashes de cada processo recalculada com `hash_do_ato`, a mesma função de
  `registrar_ato`: `farol auditoria verificar` passa.

Cada lote é uma transação (a numeração e os ids nunca ficam à frente do que foi gravado); o
próximo lote se monta numa thread enquanto o anterior se grava. No PostgreSQL, ANALYZE a cada
vez que os processos dobram e VACUUM ANALYZE no fim.
Supõe-se um único carregador: durante a carga, não se registram processos pelo servidor.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, create_engine, func, insert, select, text, update
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool
from sqlalchemy.sql import sqltypes

from farol.domain.papeis import INSPECIONA, papeis_com
from farol.domain.texto import normalizar_busca
from farol.normas.prazos import regra_prazo
from farol.relogio import data_local
from farol.rules.calendario import Calendario
from farol.services import (
    estatistica_mensal,
    prazos_por_dia,
    processos_por_estado,
    resumo_processo,
    texto_de_busca,
    usuarios,
)
from farol.services.calendario_om import calendario_da_om, om_que_decide
from farol.services.demo import CENARIOS, EMBARCACOES, PESSOAS, SENHA_DEMO, cpf_de
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.auditoria import HASH_INICIAL, CamposDoAto, hash_do_ato
from farol.store.db import Banco
from farol.store.inserir import inserir_se_faltar
from farol.store.numeracao import AUTO_DE_INFRACAO, NOTIFICACAO, PROCESSO, numero_oficial
from farol.store.orm import (
    OM,
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Constatacao,
    Custodia,
    DocumentoAnexo,
    DocumentoEmitido,
    Embarcacao,
    Inspecao,
    MedidaAdministrativa,
    Notificacao,
    Numeracao,
    Pagamento,
    Penalidade,
    Pessoa,
    Prazo,
    Processo,
    ProcessoBusca,
    ProcessoResumo,
    Procurador,
    Usuario,
)

REGIMES_CLONADOS = ("lesta",)

# OMs de outras UFs, acrescentadas à demonstração na primeira carga em massa (endereços de
# demonstração); cada uma recebe um inspetor, uma autoridade competente e um Capitão dos Portos.
OMS_EXTRAS: list[tuple[str, str, str, str]] = [
    ("CPRJ", "Capitania dos Portos do Rio de Janeiro", "RJ", "Rio de Janeiro"),
    ("CPES", "Capitania dos Portos do Espírito Santo", "ES", "Vitória"),
    ("CPBA", "Capitania dos Portos da Bahia", "BA", "Salvador"),
    ("CPPE", "Capitania dos Portos de Pernambuco", "PE", "Recife"),
    ("CPCE", "Capitania dos Portos do Ceará", "CE", "Fortaleza"),
    ("CPRS", "Capitania dos Portos do Rio Grande do Sul", "RS", "Rio Grande"),
    ("CPAOR", "Capitania dos Portos da Amazônia Oriental", "PA", "Belém"),
    ("CPAM", "Capitania Fluvial da Amazônia Ocidental", "AM", "Manaus"),
    ("CPPR", "Capitania dos Portos do Paraná", "PR", "Paranaguá"),
    ("CPMA", "Capitania dos Portos do Maranhão", "MA", "São Luís"),
    ("CPRN", "Capitania dos Portos do Rio Grande do Norte", "RN", "Natal"),
    ("CPPB", "Capitania dos Portos da Paraíba", "PB", "João Pessoa"),
    ("CPAL", "Capitania dos Portos de Alagoas", "AL", "Maceió"),
    ("CPSE", "Capitania dos Portos de Sergipe", "SE", "Aracaju"),
    ("CPPI", "Capitania dos Portos do Piauí", "PI", "Parnaíba"),
    ("CFPN", "Capitania Fluvial do Pantanal", "MS", "Corumbá"),
]
PESO_DO_TIPO_DE_OM = {"CP": 3, "DL": 1, "AG": 1}
"""Quantos processos cada OM recebe na carga, pelo tipo: uma Capitania, três vezes os de uma
Delegacia ou Agência (a da demonstração, com três Delegacias, fica com ~10% do país)."""
PAPEIS_EXTRAS = papeis_com(INSPECIONA)
"""Os usuários de cada Capitania a mais: os papéis que inspecionam (papeis.yaml)."""
PAGAMENTO = Pagamento.__tablename__
SOBRENOMES = ["Silva", "Souza", "Oliveira", "Costa", "Ramos", "Teixeira", "Barbosa", "Moura",
              "Cardoso", "Lopes", "Farias", "Macedo", "Rocha", "Campos", "Pires"]  # fmt: skip

TABELAS: list[Table] = [
    t.__table__  # type: ignore[misc]
    for t in (
        Pessoa,
        Embarcacao,
        Inspecao,
        Constatacao,
        Processo,
        Notificacao,
        AutoDeInfracao,
        AutoInfracaoItem,
        Ato,
        Prazo,
        Penalidade,
        Pagamento,
    )
]
"""Tabelas escritas, na ordem das chaves estrangeiras."""


@dataclass
class Modelo:
    """Um processo da demonstração e as suas linhas, como estão no banco."""

    processo: dict[str, Any]
    inspecao: dict[str, Any]
    constatacoes: list[dict[str, Any]]
    notificacoes: list[dict[str, Any]]
    autos: list[dict[str, Any]]
    itens: list[dict[str, Any]]
    atos: list[dict[str, Any]]
    prazos: list[dict[str, Any]]
    penalidades: list[dict[str, Any]]
    pagamentos: list[dict[str, Any]]
    pessoas: dict[int, dict[str, Any]]
    embarcacao: dict[str, Any]
    dias: list[dt.date] = field(default_factory=list)
    """Os dias que os prazos do modelo contados pelo calendário da OM do processo tocam (do
    início ao vencimento de cada um)."""
    decididos: list[tuple[dict[str, Any], list[dt.date]]] = field(default_factory=list)
    """Os prazos da decisão de um recurso (`decide` em dados/prazos.yaml), contados pelo
    calendário da OM de quem decide, e os dias que cada um toca."""
    citam_auto: set[int] = field(default_factory=set)
    """Os atos cujo texto cita o número de um auto do modelo (a lavratura)."""


@dataclass(frozen=True)
class ResultadoCarga:
    processos: int
    atos: int
    segundos: float

    @property
    def por_segundo(self) -> float:
        return self.processos / self.segundos if self.segundos else float("inf")

    def texto(self) -> str:
        return f"{self.processos} processos em {self.segundos:.1f} s ({self.por_segundo:.0f}/s)"


def _linhas(s: Session, tabela: Table, coluna: str, ids: Iterable[int]) -> list[dict[str, Any]]:
    lista = sorted(set(ids))
    if not lista:
        return []
    consulta = select(tabela).where(tabela.c[coluna].in_(lista)).order_by(tabela.c.id)
    return [dict(r._mapping) for r in s.execute(consulta)]


def _agrupar(linhas: list[dict[str, Any]], chave: str) -> dict[int, list[dict[str, Any]]]:
    grupos: dict[int, list[dict[str, Any]]] = {}
    for linha in linhas:
        grupos.setdefault(linha[chave], []).append(linha)
    return grupos


def _dias(inicio: dt.date, fim: dt.date) -> list[dt.date]:
    return [inicio + dt.timedelta(days=d) for d in range((fim - inicio).days + 1)]


def ler_modelos(s: Session) -> list[Modelo]:
    """Os processos da demonstração que servem de modelo: os primeiros do regime clonado
    abertos por uma inspeção (os `CENARIOS` da demonstração, um por estado do quadro; não os
    clones de uma carga anterior), sem medidas, custódia, anexos, procuradores nem documentos
    emitidos."""
    excluidos: set[int | None] = set()
    for coluna in (
        MedidaAdministrativa.processo_id,
        Custodia.processo_id,
        DocumentoAnexo.processo_id,
        Procurador.processo_id,
        DocumentoEmitido.processo_id,
    ):
        excluidos |= set(s.execute(select(coluna).distinct()).scalars())
    t = {tb.name: tb for tb in TABELAS}
    processos = [
        dict(r._mapping)
        for r in s.execute(
            select(t["processo"])
            .where(
                Processo.regime.in_(REGIMES_CLONADOS),
                Processo.inspecao_id.is_not(None),
                Processo.origem_id.is_(None),
            )
            .order_by(Processo.id)
            .limit(len(CENARIOS))
        )
    ]
    processos = [p for p in processos if p["id"] not in excluidos]
    pids = [p["id"] for p in processos]
    inspecoes = {
        i["id"]: i for i in _linhas(s, t["inspecao"], "id", (p["inspecao_id"] for p in processos))
    }
    constatacoes = _agrupar(_linhas(s, t["constatacao"], "inspecao_id", inspecoes), "inspecao_id")
    notificacoes = _agrupar(_linhas(s, t["notificacao"], "processo_id", pids), "processo_id")
    autos_lista = _linhas(s, t["auto_de_infracao"], "processo_id", pids)
    autos = _agrupar(autos_lista, "processo_id")
    itens = _agrupar(
        _linhas(s, t["auto_infracao_item"], "auto_id", (a["id"] for a in autos_lista)), "auto_id"
    )
    atos = _agrupar(_linhas(s, t["ato"], "processo_id", pids), "processo_id")
    prazos = _agrupar(_linhas(s, t["prazo"], "processo_id", pids), "processo_id")
    penalidades = _agrupar(_linhas(s, t["penalidade"], "processo_id", pids), "processo_id")
    pagamentos = _agrupar(_linhas(s, t[PAGAMENTO], "processo_id", pids), "processo_id")
    ids_emb = (i["embarcacao_id"] for i in inspecoes.values())
    embarcacoes = {e["id"]: e for e in _linhas(s, t["embarcacao"], "id", ids_emb)}
    modelos: list[Modelo] = []
    for p in processos:
        insp = inspecoes[p["inspecao_id"]]
        autos_p = autos.get(p["id"], [])
        pens = penalidades.get(p["id"], [])
        nots = notificacoes.get(p["id"], [])
        ids_pessoas = {insp["proprietario_id"], insp["condutor_id"], p["autuado_id"]}
        ids_pessoas |= {x["autor_id"] for x in pens} | {n["pessoa_id"] for n in nots}
        ids_pessoas.discard(None)
        pessoas = {x["id"]: x for x in _linhas(s, t["pessoa"], "id", ids_pessoas)}
        prazos_p = sorted(prazos.get(p["id"], []), key=lambda x: x["id"])
        de_quem_decide = [pz for pz in prazos_p if regra_prazo(pz["regime"], pz["etapa"]).decide]
        dias = sorted(
            {
                d
                for pz in prazos_p
                if pz not in de_quem_decide
                for d in _dias(pz["inicio"], pz["vencimento"])
            }
        )
        modelos.append(
            Modelo(
                processo=p,
                inspecao=insp,
                constatacoes=constatacoes.get(insp["id"], []),
                notificacoes=nots,
                autos=autos_p,
                itens=[i for a in autos_p for i in itens.get(a["id"], [])],
                atos=sorted(atos.get(p["id"], []), key=lambda a: a["seq"]),
                prazos=prazos_p,
                penalidades=pens,
                pagamentos=pagamentos.get(p["id"], []),
                pessoas=pessoas,
                embarcacao=embarcacoes[insp["embarcacao_id"]],
                dias=dias,
                decididos=[(pz, _dias(pz["inicio"], pz["vencimento"])) for pz in de_quem_decide],
                citam_auto={
                    a["id"]
                    for a in atos.get(p["id"], [])
                    if any(au["numero"] in json.dumps(a["payload"]) for au in autos_p)
                },
            )
        )
    return modelos


def _linhas_do_modelo(m: Modelo) -> dict[str, list[dict[str, Any]]]:
    return {
        "pessoa": list(m.pessoas.values()),
        "embarcacao": [m.embarcacao],
        "inspecao": [m.inspecao],
        "constatacao": m.constatacoes,
        "processo": [m.processo],
        "notificacao": m.notificacoes,
        "auto_de_infracao": m.autos,
        "auto_infracao_item": m.itens,
        "ato": m.atos,
        "prazo": m.prazos,
        "penalidade": m.penalidades,
        PAGAMENTO: m.pagamentos,
    }


def _nulos_sql(s: Session, modelos: list[Modelo]) -> set[tuple[str, str]]:
    """As colunas JSON em que o caminho normal gravou o None dos modelos como NULL do SQL (e
    não como `null` do JSON, o que o INSERT do SQLAlchemy grava): o clone grava igual."""
    ids: dict[str, set[int]] = {}
    for m in modelos:
        for nome, linhas in _linhas_do_modelo(m).items():
            ids.setdefault(nome, set()).update(x["id"] for x in linhas)
    nulos: set[tuple[str, str]] = set()
    for tabela in TABELAS:
        for c in tabela.columns:
            if not (isinstance(c.type, sqltypes.JSON) and c.nullable and ids.get(tabela.name)):
                continue
            consulta = select(tabela.c.id).where(tabela.c.id.in_(ids[tabela.name]), c.is_(None))
            if s.execute(consulta.limit(1)).first():
                nulos.add((tabela.name, c.name))
    return nulos


def _assinatura(cal: Calendario, dia: dt.date) -> tuple[bool, bool, str | None]:
    return cal.eh_dia_util(dia), cal.pode_vencer(dia), cal.motivo(dia)


def _oms_extras(s: Session) -> None:
    """Cria as OMs de outras UFs (e os seus usuários) que ainda não existirem."""
    dpc = s.execute(select(OM).where(OM.tipo == "DPC")).scalars().first()
    senha_hash: str | None = None  # um hash da senha da demonstração para todos (argon2 custa)
    for sigla, nome, uf, municipio in OMS_EXTRAS:
        if s.execute(select(OM.id).where(OM.sigla == sigla)).first():
            continue
        om = criar_om(
            s, sigla=sigla, nome=nome, tipo="CP", uf=uf, municipio=municipio, superior=dpc
        )
        senha_hash = senha_hash or usuarios.hash_senha(SENHA_DEMO)
        for papel in PAPEIS_EXTRAS:
            criar_usuario(
                s,
                login=f"{papel.split('_')[0]}.{sigla.lower()}",
                nome=f"{PESSOAS[(len(nome) + len(papel)) % len(PESSOAS)]} ({sigla})",
                senha=SENHA_DEMO,
                papel=papel,
                om=om,
                senha_hash=senha_hash,
            )


def _cpf(pessoa_id: int) -> str:
    """Um CPF válido e só deste id: `cpf_de` é uma bijeção dos inteiros módulo 10⁹ e a
    demonstração usa os n pequenos e positivos; os ids da carga entram com o sinal trocado."""
    return cpf_de(-pessoa_id)


@dataclass
class Lote:
    """Um lote montado: as linhas de cada tabela, o último número usado de cada contador da
    numeração e os próximos ids de cada tabela depois dele."""

    tamanho: int
    atos: int
    linhas: dict[str, list[dict[str, Any]]]
    numeracao: dict[tuple[int, int, str], int]
    proximo: dict[str, int]


class Carregador:
    """Estado de uma carga: próximos ids, contadores da numeração, OMs, usuários e calendários."""

    def __init__(self, s: Session, semente: int, semanas: int) -> None:
        self.rng = random.Random(semente)
        self.semanas = semanas
        self.modelos = ler_modelos(s)
        if not self.modelos:
            raise RuntimeError("sem processos-modelo: carregue antes a demonstração")
        self.nulos_sql = _nulos_sql(s, self.modelos)
        self.proximo = {
            tb.name: int(s.execute(select(func.coalesce(func.max(tb.c.id), 0))).scalar_one()) + 1
            for tb in TABELAS
        }
        self.contadores: dict[tuple[int, int, str], int] = {
            (n.om_id, n.ano, n.tipo): n.ultimo for n in s.execute(select(Numeracao)).scalars()
        }
        self.usados: set[tuple[int, int, str]] = set()
        self.oms = {om.id: om for om in s.execute(select(OM)).scalars()}
        for om in self.oms.values():
            s.expunge(om)
        self.usuarios: dict[tuple[int, str], int] = {}
        for u in s.execute(select(Usuario).order_by(Usuario.id)).scalars():
            self.usuarios.setdefault((u.om_id, u.papel), u.id)
        self.papel_de = {u.id: u.papel for u in s.execute(select(Usuario)).scalars()}
        calendarios = {om_id: calendario_da_om(s, om) for om_id, om in self.oms.items()}
        memo: dict[tuple[int, dt.date], tuple[bool, bool, str | None]] = {}

        def assinatura(om_id: int, dia: dt.date) -> tuple[bool, bool, str | None]:
            chave = (om_id, dia)
            if chave not in memo:
                memo[chave] = _assinatura(calendarios[om_id], dia)
            return memo[chave]

        destinos = [om for om in self.oms.values() if om.tipo in ("CP", "DL", "AG")]
        # o prazo da decisão de um recurso conta pelo calendário da OM de quem decide
        self.quem_decide: dict[tuple[int, str, str, dt.date], int | None] = {}
        for om in destinos:
            for m in self.modelos:
                for pz, _ in m.decididos:
                    chave_d = (om.id, pz["regime"], pz["etapa"], pz["inicio"])
                    if chave_d not in self.quem_decide:
                        decide = om_que_decide(s, *chave_d)
                        self.quem_decide[chave_d] = None if decide is None else decide.id

        def calendario_do(om_id: int, pz: dict[str, Any]) -> int:
            decide = self.quem_decide.get((om_id, pz["regime"], pz["etapa"], pz["inicio"]))
            return om_id if decide is None else decide

        # (modelo, semanas) -> OMs em que os prazos do modelo, recuados, caem igual
        self.elegiveis: dict[tuple[int, int], list[int]] = {}
        for i, m in enumerate(self.modelos):
            origem = m.processo["om_id"]
            original = [assinatura(origem, d) for d in m.dias] + [
                assinatura(pz["calendario_om_id"] or origem, d)
                for pz, dias in m.decididos
                for d in dias
            ]
            for semanas in range(self.semanas + 1):
                recuo = dt.timedelta(weeks=semanas)
                oms = [
                    om.id
                    for om in destinos
                    if [assinatura(om.id, d - recuo) for d in m.dias]
                    + [
                        assinatura(calendario_do(om.id, pz), d - recuo)
                        for pz, dias in m.decididos
                        for d in dias
                    ]
                    == original
                ]
                if oms:
                    self.elegiveis[(i, semanas)] = oms

        # a OM primeiro (pelo peso do seu tipo), depois um (modelo, recuo) que valha nela: os
        # processos se espalham pelo país como a rede de Capitanias, em vez de se juntarem
        # nas OMs com o calendário da OM dos modelos
        self.por_om: dict[int, list[tuple[int, int]]] = {}
        for chave, oms_elegiveis in sorted(self.elegiveis.items()):
            for om_id in oms_elegiveis:
                self.por_om.setdefault(om_id, []).append(chave)
        self.destinos = sorted(self.por_om)
        self.pesos = [PESO_DO_TIPO_DE_OM.get(self.oms[o].tipo, 1) for o in self.destinos]
        if not self.destinos:
            raise RuntimeError("nenhuma OM em que os prazos dos modelos caiam iguais")

    def _id(self, tabela: str) -> int:
        valor = self.proximo[tabela]
        self.proximo[tabela] = valor + 1
        return valor

    def _numero(self, om: OM, ano: int, tipo: str) -> str:
        chave = (om.id, ano, tipo)
        seq = self.contadores.get(chave, 0) + 1
        self.contadores[chave] = seq
        self.usados.add(chave)
        return numero_oficial(ano, om.sigla, seq)

    def _ator(self, om_id: int, usuario_id: int) -> int:
        papel = self.papel_de[usuario_id]
        atual: int | None = om_id
        while atual is not None:
            achado = self.usuarios.get((atual, papel))
            if achado is not None:
                return achado
            atual = self.oms[atual].superior_id
        return usuario_id

    def clonar(self, linhas: dict[str, list[dict[str, Any]]]) -> int:
        """Acrescenta às `linhas` (por tabela) um clone de um modelo sorteado; devolve os atos."""
        om = self.oms[self.rng.choices(self.destinos, weights=self.pesos)[0]]
        i, semanas = self.rng.choice(self.por_om[om.id])
        m = self.modelos[i]
        recuo = dt.timedelta(weeks=semanas)

        def d(valor: Any) -> Any:
            return None if valor is None else valor - recuo

        trocas: dict[str, str] = {}
        pessoas: dict[int, int] = {}
        for antigo, p in m.pessoas.items():
            novo = self._id("pessoa")
            pessoas[antigo] = novo
            nome = f"{PESSOAS[self.rng.randrange(len(PESSOAS))]} {self.rng.choice(SOBRENOMES)}"
            linhas["pessoa"].append(
                {**p, "id": novo, "documento": _cpf(novo), "nome": nome,
                 "nome_busca": normalizar_busca(nome), "versao": 1,
                 "endereco": f"Rua do Porto, {novo}, {om.municipio}/{om.uf}"}
            )  # fmt: skip
        emb = self._id("embarcacao")
        dono = m.embarcacao["proprietario_id"]
        nome_emb = f"{EMBARCACOES[self.rng.randrange(len(EMBARCACOES))]} {emb}"
        linhas["embarcacao"].append(
            {**m.embarcacao, "id": emb, "inscricao": f"9{emb:09d}", "nome": nome_emb,
             "nome_busca": normalizar_busca(nome_emb), "versao": 1,
             "proprietario_id": pessoas.get(dono, dono)}
        )  # fmt: skip
        insp = self._id("inspecao")
        mi = m.inspecao
        linhas["inspecao"].append(
            {**mi, "id": insp, "om_id": om.id, "embarcacao_id": emb,
             "inspetor_id": self._ator(om.id, mi["inspetor_id"]),
             "proprietario_id": pessoas[mi["proprietario_id"]],
             "condutor_id": pessoas.get(mi["condutor_id"]) if mi["condutor_id"] else None,
             "data_hora": d(mi["data_hora"]), "data": data_local(d(mi["data_hora"]))}
        )  # fmt: skip
        for c in m.constatacoes:
            linhas["constatacao"].append({**c, "id": self._id("constatacao"), "inspecao_id": insp})
        mp = m.processo
        pid = self._id("processo")
        primeiro = m.atos[0]["data_ato"] - recuo if m.atos else mp["criado_em"].date()
        numero = self._numero(om, primeiro.year, PROCESSO)
        linhas["processo"].append(
            {**mp, "id": pid, "om_id": om.id, "numero": numero, "inspecao_id": insp,
             "embarcacao_id": emb if mp["embarcacao_id"] else None,
             "autuado_id": pessoas.get(mp["autuado_id"]) if mp["autuado_id"] else None,
             "criado_em": d(mp["criado_em"])}
        )  # fmt: skip
        for n in m.notificacoes:
            data = d(n["data"])
            num = self._numero(om, data.year, NOTIFICACAO)
            linhas["notificacao"].append(
                {**n, "id": self._id("notificacao"), "inspecao_id": insp, "processo_id": pid,
                 "pessoa_id": pessoas[n["pessoa_id"]], "numero": num, "data": data}
            )  # fmt: skip
        autos: dict[int, int] = {}
        for a in m.autos:
            data = d(a["lavrado_em"])
            num = self._numero(om, data.year, AUTO_DE_INFRACAO)
            trocas[a["numero"]] = num
            autos[a["id"]] = self._id("auto_de_infracao")
            linhas["auto_de_infracao"].append(
                {**a, "id": autos[a["id"]], "processo_id": pid, "om_id": om.id, "ano": data.year,
                 "sequencial": self.contadores[(om.id, data.year, AUTO_DE_INFRACAO)],
                 "numero": num, "lavrado_em": data}
            )  # fmt: skip
        for it in m.itens:
            linhas["auto_infracao_item"].append(
                {**it, "id": self._id("auto_infracao_item"), "auto_id": autos[it["auto_id"]]}
            )
        atos: dict[int, int] = {}
        anterior = HASH_INICIAL
        for a in m.atos:
            atos[a["id"]] = self._id("ato")
            payload = a["payload"]
            if a["id"] in m.citam_auto:  # a lavratura cita o número do auto: o do clone
                texto = json.dumps(payload, ensure_ascii=False)
                padrao = "|".join(re.escape(velho) for velho in trocas)
                payload = json.loads(re.sub(padrao, lambda x: trocas[x.group(0)], texto))
            campos = CamposDoAto(
                processo_id=pid,
                seq=a["seq"],
                tipo=a["tipo"],
                ator_id=self._ator(om.id, a["ator_id"]),
                papel=a["papel"],
                registrado_em=a["registrado_em"] - recuo,
                data_ato=a["data_ato"] - recuo,
                payload=payload,
                corrige_ato_id=atos[a["corrige_ato_id"]] if a["corrige_ato_id"] else None,
                intempestivo=a["intempestivo"],
            )
            h = hash_do_ato(campos, anterior)
            linhas["ato"].append(
                {**a, **campos.__dict__, "id": atos[a["id"]], "hash_anterior": anterior, "hash": h}
            )
            anterior = h
        for pz in m.prazos:
            linhas["prazo"].append(
                {**pz, "id": self._id("prazo"), "processo_id": pid, "om_id": om.id,
                 "calendario_om_id": self.quem_decide.get(
                     (om.id, pz["regime"], pz["etapa"], pz["inicio"])),
                 "ato_id": atos[pz["ato_id"]],
                 "inicio": d(pz["inicio"]), "vencimento": d(pz["vencimento"]),
                 "encerrado_em": d(pz["encerrado_em"]),
                 "encerrado_por_ato_id": atos.get(pz["encerrado_por_ato_id"]),
                 "dias_nao_uteis": [
                     {**x, "data": (dt.date.fromisoformat(x["data"]) - recuo).isoformat()}
                     for x in pz["dias_nao_uteis"]
                 ]}
            )  # fmt: skip
        for pe in m.penalidades:
            linhas["penalidade"].append(
                {**pe, "id": self._id("penalidade"), "processo_id": pid,
                 "ato_id": atos[pe["ato_id"]], "autor_id": pessoas[pe["autor_id"]]}
            )  # fmt: skip
        for pg in m.pagamentos:
            linhas[PAGAMENTO].append(
                {**pg, "id": self._id(PAGAMENTO), "processo_id": pid, "data": d(pg["data"])}
            )
        return len(m.atos)

    def montar(self, tamanho: int) -> Lote:
        """Os clones de um lote e o estado da carga depois deles (a numeração que o lote usou e
        os próximos ids): `gravar` lê só o `Lote`, enquanto o próximo já se monta."""
        linhas: dict[str, list[dict[str, Any]]] = {tb.name: [] for tb in TABELAS}
        atos = sum(self.clonar(linhas) for _ in range(tamanho))
        numeracao = {chave: self.contadores[chave] for chave in sorted(self.usados)}
        self.usados.clear()
        return Lote(tamanho, atos, linhas, numeracao, dict(self.proximo))

    def gravar(self, s: Session, lote: Lote) -> None:
        """Grava um lote (COPY no PostgreSQL com psycopg, executemany nos demais) e os
        contadores da numeração que ele usou."""
        linhas = lote.linhas
        dialeto = s.get_bind().dialect
        copiar = dialeto.name == "postgresql" and dialeto.driver == "psycopg"
        # a conta dos processos por estado e dos prazos em curso por dia: o lote inteiro num
        # comando (abaixo), e não um gatilho por linha do COPY (no SQLite, os gatilhos contam)
        somar = processos_por_estado.em_lote(s)
        for tabela in TABELAS:
            if not linhas[tabela.name]:
                continue
            nulos = {c for t, c in self.nulos_sql if t == tabela.name}
            if copiar:
                _copiar(s, tabela, linhas[tabela.name], nulos)
                continue
            # None nessas colunas: fora do INSERT (NULL do SQL); um executemany por conjunto
            grupos: dict[tuple[str, ...], list[dict[str, Any]]] = {}
            for linha in linhas[tabela.name]:
                if nulos:
                    linha = {k: v for k, v in linha.items() if not (k in nulos and v is None)}
                grupos.setdefault(tuple(linha), []).append(linha)
            for grupo in grupos.values():
                s.execute(insert(tabela), grupo)
        for (om_id, ano, tipo), ultimo in lote.numeracao.items():
            chave = {"om_id": om_id, "ano": ano, "tipo": tipo}
            inserir_se_faltar(s, Numeracao, {**chave, "ultimo": 0})
            s.execute(
                update(Numeracao)
                .where(Numeracao.om_id == om_id, Numeracao.ano == ano, Numeracao.tipo == tipo)
                .values(ultimo=ultimo)
            )
        if somar and linhas[Processo.__tablename__]:
            ids = [p["id"] for p in linhas[Processo.__tablename__]]
            processos_por_estado.somar_lote(s, min(ids), max(ids))
            prazos_por_dia.somar_lote(s, min(ids), max(ids))
        # o modelo de leitura dos processos do lote (gravados fora do ORM), na mesma transação
        resumo_processo.atualizar(s, (p["id"] for p in linhas[Processo.__tablename__]))
        # e o texto de busca deles (uma regravação em SQL por lote)
        texto_de_busca.dos_processos(s, (p["id"] for p in linhas[Processo.__tablename__]))
        if s.get_bind().dialect.name == "postgresql":
            for tabela in TABELAS:
                s.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{tabela.name}', 'id'),"
                        f" GREATEST({lote.proximo[tabela.name] - 1}, 1))"
                    )
                )


def _copiar(s: Session, tabela: Table, linhas: list[dict[str, Any]], nulos: set[str]) -> None:
    """`COPY tabela FROM STDIN` pela conexão psycopg da sessão (a mesma transação). As colunas
    JSON vão como texto JSON e o None delas como o INSERT do SQLAlchemy o grava (`null` do
    JSON), salvo nas colunas `nulos` (NULL do SQL, como nos modelos); os demais valores pelos
    adaptadores do psycopg."""
    colunas = list(tabela.columns)
    nomes = [c.name for c in colunas]
    jsons = {
        c.name: c.name in nulos or bool(c.type.none_as_null)
        for c in colunas
        if isinstance(c.type, sqltypes.JSON)
    }

    def valor(nome: str, v: Any) -> Any:
        if nome not in jsons:
            return v
        if v is None:
            return None if jsons[nome] else "null"
        return json.dumps(v, ensure_ascii=False)

    conexao = s.connection().connection.driver_connection
    assert conexao is not None
    comando = f"COPY {tabela.name} ({', '.join(nomes)}) FROM STDIN"
    with conexao.cursor() as cursor, cursor.copy(comando) as copia:
        for linha in linhas:
            copia.write_row([valor(n, linha[n]) for n in nomes])


def _analisa(s: Session) -> bool:
    """No PostgreSQL, a carga atualiza as estatísticas do planejador ela mesma (ANALYZE)."""
    return s.get_bind().dialect.name == "postgresql"


def _analisar(s: Session) -> None:
    """ANALYZE das tabelas da carga e do modelo de leitura. Sem ele, o planejador do
    PostgreSQL continua a julgar as tabelas do tamanho que tinham antes da carga e lê `ato`
    e `inspecao` inteiras a cada lote, no recálculo do resumo: a carga fica quadrática (a 200
    mil processos, 170 processos/s; depois do ANALYZE, 470/s). O autovacuum pode estar
    desligado, e mesmo ligado chega atrasado. Roda a cada vez que os processos dobram."""
    nomes = [t.name for t in TABELAS] + [ProcessoResumo.__tablename__, ProcessoBusca.__tablename__]
    s.execute(text(f"ANALYZE {', '.join(nomes)}"))


def _aspirar(banco: Banco) -> None:
    """VACUUM (ANALYZE) das tabelas da carga, fora de transação: além das estatísticas, marca
    as páginas no mapa de visibilidade, e as contagens do painel e da lista leem só os índices
    (index-only scan). Sem ele, até o autovacuum passar, o planejador prefere ler a tabela
    inteira a buscar cada linha contada (a 500 mil processos, a contagem dos prazos vencidos de
    uma Capitania: 1 s)."""
    nomes = [t.name for t in TABELAS] + [ProcessoResumo.__tablename__, ProcessoBusca.__tablename__]
    # uma conexão à parte, sem o limite de cada comando do Farol (a 1 milhão, minutos)
    motor = create_engine(banco.engine.url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with motor.connect() as conexao:
            conexao.execute(text(f"VACUUM (ANALYZE) {', '.join(nomes)}"))
    finally:
        motor.dispose()


def carregar_em_massa(
    banco: Banco,
    n: int,
    *,
    lote: int,
    semanas: int,
    semente: int = 0,
    log: Callable[[str], None] = print,
) -> ResultadoCarga:
    """Acrescenta `n` processos clonados dos modelos da demonstração (que já deve estar no
    banco), com as datas recuadas até `semanas` semanas; cada lote de `lote` processos numa
    transação."""
    inicio = time.perf_counter()
    with banco.unit_of_work() as s:
        _oms_extras(s)
    with banco.unit_of_work(somente_leitura=True) as s:
        carregador = Carregador(s, semente, semanas)
    with banco.unit_of_work(somente_leitura=True) as s:
        analisados = 0 if _analisa(s) else None
        existentes = s.execute(select(func.count()).select_from(Processo)).scalar_one()
    feitos = atos = 0
    # um lote se monta (Python) enquanto o anterior se grava (o banco): a gravação espera o
    # banco sem segurar o GIL, e só a linha de montagem mexe no estado do carregador
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="carga") as montagem:
        proximo = montagem.submit(carregador.montar, min(lote, n))
        while feitos < n:
            atual = proximo.result()
            if feitos + atual.tamanho < n:
                restam = n - feitos - atual.tamanho
                proximo = montagem.submit(carregador.montar, min(lote, restam))
            with banco.unit_of_work() as s:
                carregador.gravar(s, atual)
            feitos += atual.tamanho
            atos += atual.atos
            if analisados is not None and existentes + feitos >= 2 * analisados:
                analisados = existentes + feitos
                with banco.unit_of_work() as s:
                    _analisar(s)
            if feitos < n:
                log(f"  {feitos}/{n} processos")
    with banco.unit_of_work() as s:  # as constatações, medidas e pagamentos gravados fora do ORM
        estatistica_mensal.refazer_todos(s)
    if analisados is not None:
        _aspirar(banco)
    return ResultadoCarga(feitos, atos, time.perf_counter() - inicio)


__all__ = ["Carregador", "Lote", "ResultadoCarga", "carregar_em_massa", "ler_modelos"]
