"""Consultas da OM: processos, prazos do período, situação de uma pessoa, multas vencidas,
dívida ativa e alertas de prescrição (Lei 9.873/1999)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_args

from pydantic import Field
from sqlalchemy import (
    Connection,
    Row,
    Select,
    and_,
    bindparam,
    false,
    func,
    literal_column,
    or_,
    select,
)
from sqlalchemy.orm import Session

from farol import entrada, relogio
from farol.domain.cpf_cnpj import formatar_documento, validar_documento
from farol.domain.papeis import VE_DADOS_PESSOAIS, pode
from farol.domain.procedimento.carregar import (
    carregar_regime,
    carregar_regimes,
    estados_dos_regimes,
)
from farol.domain.procedimento.historico import fatos_do_recurso
from farol.domain.procedimento.maquina import Maquina
from farol.erros import EntradaInvalida, NaoEncontrado
from farol.formatos import citado, com_nomes
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.citacao import Citacao
from farol.normas.citacoes import citacao
from farol.normas.prazos import catalogo_prazos, regra_prazo
from farol.rules.prescricao import prescricoes_do_processo
from farol.rules.reincidencia import somar_anos
from farol.services import acessos, processos_por_estado
from farol.services.comandos import Modelo
from farol.services.jurisdicao import Ator, om_pela_sigla, oms_sob
from farol.services.leitura import dinheiro, prazo_json, resumo, resumo_da_linha
from farol.services.resultados.consultas import (
    AlertaDePrescricao,
    MultaVencida,
    RestituicaoPendente,
    SituacaoDaPessoa,
)
from farol.services.resultados.lista_processos import (
    OpcaoDeFiltro,
    OpcoesDaLista,
    PaginaDeProcessos,
)
from farol.services.resultados.processo import PrazoComProcesso
from farol.services.unit_of_work import caso_de_uso
from farol.store import repositorio
from farol.store.orm import (
    OM,
    Ato,
    Embarcacao,
    Inspecao,
    Pagamento,
    Penalidade,
    Pessoa,
    Prazo,
    Processo,
    ProcessoResumo,
)


def _estados_finais() -> tuple[str, ...]:
    """Os estados finais de todos os regimes (o processo está encerrado)."""
    return tuple(dict.fromkeys(e for m in carregar_regimes() for e in m.estados_finais()))


def _estados_sem_prescricao() -> tuple[str, ...]:
    """Os estados em que a ação punitiva não está mais por exercer: os finais, os declarados
    com `encerra_prazos` (a dívida ativa, cuja cobrança é do Procurador da Fazenda Nacional,
    NORMAM-07 item 0314) e os de marca `sem_penalidade` (a penalidade afastada em recurso, à
    espera da restituição ou da comunicação à PGFN). Ficam fora dos alertas de prescrição."""
    return tuple(
        dict.fromkeys(
            e.id
            for m in carregar_regimes()
            for e in m.estados.values()
            if e.final or e.encerra_prazos or "sem_penalidade" in e.marcas
        )
    )


def _fundamento_do_debito(maquina: Maquina) -> str | None:
    """O fundamento da multa devida no regime: a citação da marca `sem_debito` do seu quadro
    (LESTA art. 20 no regime da LESTA; NORMAM-401 item 1.6 na poluição)."""
    if "sem_debito" not in maquina.marcas:
        return None
    return maquina.marca("sem_debito").fontes[0].referencia()


def _fundamento_com_texto(c: Citacao) -> str:
    """'LESTA art. 20: a autoridade marítima sustará ...' (a referência e o texto citado)."""
    return f"{c.referencia()}: {c.texto[:1].lower()}{c.texto[1:]}"


def _oms(s: Session, ator: Ator, om_sigla: str | None) -> frozenset[int]:
    if om_sigla is None:
        return ator.oms
    om = om_pela_sigla(s, om_sigla)
    if om.id not in ator.oms:  # fora da jurisdição: como se não existisse
        raise NaoEncontrado(f"OM {citado(om_sigla)} não encontrada", campo="om")
    return oms_sob(s, om.id) & ator.oms


Ordem = Literal["prazo", "-prazo", "numero", "-numero", "aberto_em", "-aberto_em"]
ORDENS: tuple[str, ...] = get_args(Ordem)
"""Ordens da lista: pelo próximo prazo em curso, pelo número ou pela abertura (`-`: decrescente).
Processos sem prazo em curso ficam no fim nas duas ordens de prazo."""
ORDEM_PADRAO: Ordem = "-aberto_em"


class FiltroDeProcessos(Modelo):
    """Os filtros, a ordem e a página da lista de processos (API e página usam os mesmos)."""

    estado: str | None = Field(default=None, max_length=entrada.CODIGO)
    om: str | None = Field(
        default=None, max_length=entrada.CODIGO, description="sigla: a OM e as subordinadas"
    )
    regime: str | None = Field(default=None, max_length=entrada.CODIGO)
    vencidos: bool = Field(
        default=False, description="só os processos com prazo em curso já vencido"
    )
    vence_de: dt.date | None = Field(
        default=None, description="só os processos com prazo em curso que vence a partir deste dia"
    )
    vence_ate: dt.date | None = Field(
        default=None, description="só os processos com prazo em curso que vence até este dia"
    )
    ordem: Ordem = ORDEM_PADRAO
    pagina: int = Field(default=1, ge=1, le=entrada.ID_MAXIMO)
    por_pagina: int = Field(default=entrada.POR_PAGINA_PADRAO, ge=1, le=entrada.POR_PAGINA_MAXIMO)


def _em_curso(processo_id: Any) -> Any:
    """Os prazos em curso do processo (correlacionado: o índice de `prazo.processo_id` leva a
    eles sem ler os prazos dos outros processos)."""
    return (Prazo.processo_id == processo_id, Prazo.encerrado_em.is_(None))


def _proximo_vencimento() -> Any:
    """O menor vencimento dos prazos em curso de cada processo (nulo sem prazo em curso),
    como subconsulta escalar correlacionada (o recálculo do modelo de leitura)."""
    return (
        select(func.min(Prazo.vencimento))
        .where(*_em_curso(Processo.id))
        .correlate(Processo)
        .scalar_subquery()
    )


def _com_prazo_em_curso(processo_id: Any, *condicoes: Any) -> Any:
    """EXISTS de um prazo em curso do processo que atende às condições (sobre o vencimento)."""
    return select(Prazo.id).where(*_em_curso(processo_id), *condicoes).exists()


def _conferir_filtro(f: FiltroDeProcessos) -> None:
    """Estado e regime são os dos quadros de estados (dados), nunca uma lista escrita aqui."""
    regimes = {m.regime: m for m in carregar_regimes()}
    if f.regime is not None and f.regime not in regimes:
        raise EntradaInvalida(
            f"regime desconhecido: {citado(f.regime)}; use um de: "
            + com_nomes((r, m.nome) for r, m in regimes.items()),
            campo="regime",
        )
    if f.estado is not None:
        maquinas = [regimes[f.regime]] if f.regime else list(regimes.values())
        if not any(f.estado in m.estados for m in maquinas):
            onde = f' no procedimento "{regimes[f.regime].nome}"' if f.regime else ""
            raise EntradaInvalida(f"estado desconhecido{onde}: {citado(f.estado)}", campo="estado")
    if f.vence_de is not None and f.vence_ate is not None and f.vence_ate < f.vence_de:
        raise EntradaInvalida(
            f"o fim do período ({f.vence_ate:%d/%m/%Y}) é anterior ao início "
            f"({f.vence_de:%d/%m/%Y})",
            campo="vence_ate",
        )


def _condicoes(
    f: FiltroDeProcessos, oms: frozenset[int], hoje_: dt.date, t: type[Processo | ProcessoResumo]
) -> list[Any]:
    """Os filtros como condições SQL sobre uma só tabela, `processo` ou o modelo de leitura
    `processo_resumo` (OM, estado e regime estão nas duas; o próximo vencimento, só no
    resumo): a lista e a contagem usam as mesmas, sem juntar uma à outra."""
    pid = Processo.id if t is Processo else ProcessoResumo.processo_id
    condicoes: list[Any] = [t.om_id.in_(oms)]
    if f.estado:
        condicoes.append(t.estado == f.estado)
    if f.regime:
        condicoes.append(t.regime == f.regime)
    if f.vencidos:  # algum prazo em curso vencido: o próximo vencimento já passou
        condicoes.append(ProcessoResumo.proximo_vencimento < hoje_)
    if f.vence_de is not None or f.vence_ate is not None:
        periodo = []
        if f.vence_de is not None:
            periodo.append(Prazo.vencimento >= f.vence_de)
        if f.vence_ate is not None:
            periodo.append(Prazo.vencimento <= f.vence_ate)
        condicoes.append(_com_prazo_em_curso(pid, *periodo))
    return condicoes


@caso_de_uso()
def listar_processos(
    s: Session, ator: Ator, filtro: FiltroDeProcessos | None = None
) -> PaginaDeProcessos:
    """Os processos da jurisdição que atendem aos filtros, na ordem pedida, uma página por vez.

    Quatro consultas, nenhuma por processo: uma conta os que atendem aos filtros (sem filtro de
    prazo, soma o contador por OM, regime e estado, `processos_por_estado`); outra escolhe
    os ids da página; a terceira lê as linhas só deles (processo, OM, autuado e embarcação
    juntados); a quarta lê os prazos em curso dos processos da página, para dizer de que etapa
    é o próximo vencimento. A contagem e a página leem uma tabela só: o modelo de leitura
    `processo_resumo` quando a ordem ou o filtro é o próximo vencimento (índice por OM e
    vencimento), `processo` nos outros casos (índices por OM e número ou abertura); juntar as
    duas faria o banco casar as linhas da jurisdição inteira. O filtro de período é um EXISTS
    correlacionado, pelo índice de `prazo.processo_id` (docs/api.md, "A lista de processos
    ...")."""
    f = filtro or FiltroDeProcessos()
    _conferir_filtro(f)
    oms = _oms(s, ator, f.om)
    hoje_ = relogio.hoje()
    pelo_prazo = f.ordem.removeprefix("-") == "prazo"
    t: type[Processo | ProcessoResumo] = ProcessoResumo if pelo_prazo or f.vencidos else Processo
    pid = Processo.id if t is Processo else ProcessoResumo.processo_id
    condicoes = _condicoes(f, oms, hoje_, t)
    # as consultas pela conexão da sessão (o Core): só leitura, nada a gravar antes, e sem a
    # montagem de objetos do ORM para o que são só números
    conexao = s.connection()
    if f.vencidos or f.vence_de is not None or f.vence_ate is not None:
        total = int(
            conexao.execute(select(func.count()).select_from(t).where(*condicoes)).scalar_one()
        )
    else:  # só OM, estado e regime: o contador os tem (no DPC, sem ele, 1 milhão de entradas)
        total = processos_por_estado.total(conexao, oms, f.estado, f.regime)
    proximo = ProcessoResumo.proximo_vencimento
    decrescente = f.ordem.startswith("-")
    campo: Any = {
        "prazo": proximo,
        "numero": Processo.numero,
        "aberto_em": Processo.criado_em,
    }[f.ordem.removeprefix("-")]

    def ordem(id_: Any) -> list[Any]:
        # NULLS LAST só no próximo vencimento (o único que pode faltar): no número e na
        # abertura, que nunca são nulos, ele impediria o PostgreSQL de ler a página em ordem
        # pelo índice (`ix_processo_criado_em`, percorrido de trás para a frente) e o faria
        # ordenar a jurisdição inteira (a 1 milhão de processos, no DPC: 270 ms)
        if campo is proximo:
            chave = campo.desc().nulls_last() if decrescente else campo.asc().nulls_last()
        else:
            chave = campo.desc() if decrescente else campo.asc()
        return [chave, id_.desc() if decrescente else id_.asc()]

    # a página pelas colunas estreitas de uma tabela (ordenar as linhas inteiras da jurisdição
    # custa), e as linhas inteiras (processo, OM, autuado, embarcação) só dos seus processos
    q = select(pid).where(*condicoes)
    if t is ProcessoResumo and not pelo_prazo:  # vencidos, na ordem do número ou da abertura
        q = q.join(Processo, Processo.id == ProcessoResumo.processo_id)
    pagina = list(
        conexao.execute(
            q.order_by(*ordem(pid)).limit(f.por_pagina).offset((f.pagina - 1) * f.por_pagina)
        )
        .scalars()
        .all()
    )
    linhas = _linhas_da_pagina(conexao, pagina)
    etapas = _etapas_dos_proximos(
        conexao, {x.id: x.proximo_vencimento for x in linhas if x.proximo_vencimento is not None}
    )
    return PaginaDeProcessos.model_validate(
        {
            "total": total,
            "pagina": f.pagina,
            "por_pagina": f.por_pagina,
            "paginas": max(-(-total // f.por_pagina), 1),
            "itens": [_processo_na_lista(x, etapas, hoje_) for x in linhas],
        }
    )


# As linhas e as etapas da página pelo SQLAlchemy Core, com as consultas montadas uma vez (na
# importação): a lista é pedida a toda hora, e o mapeamento de objetos do ORM de 100 processos,
# OMs, pessoas e embarcações custava mais que as próprias consultas.
_PROCESSO = Processo.__table__
_IDS_DA_PAGINA: Any = bindparam("ids", expanding=True)


def _da_linha(coluna: Any, chave: Any, rotulo: str) -> Any:
    """Uma coluna de outra tabela, buscada pelo índice para cada processo da página (subconsulta
    escalar). Juntadas à página (JOIN), o PostgreSQL, numa base de milhares de processos,
    preferia ler `processo_resumo`, `embarcacao` e `pessoa` inteiras e casá-las por hash com os
    100 da página: 8–9 ms por página com 20 mil processos, contra 2,5 ms assim (bench/api.py;
    com 1 milhão ele já buscava pelo índice). Nula quando não há a linha (processo sem autuado
    ou sem embarcação)."""
    return select(coluna).where(chave).scalar_subquery().label(rotulo)


_LINHAS_DA_PAGINA = (
    select(  # as colunas de `leitura.resumo_da_linha`, nesta ordem, e o próximo vencimento
        _PROCESSO.c.id,
        _PROCESSO.c.numero,
        _PROCESSO.c.regime,
        _PROCESSO.c.estado,
        _PROCESSO.c.sobrestado,
        _PROCESSO.c.versao,
        _PROCESSO.c.criado_em,
        _PROCESSO.c.autuado_id,
        _PROCESSO.c.embarcacao_id,
        OM.sigla.label("om_sigla"),
        OM.nome.label("om_nome"),
        OM.uf.label("om_uf"),
        _da_linha(Pessoa.nome, Pessoa.id == _PROCESSO.c.autuado_id, "autuado_nome"),
        _da_linha(Pessoa.documento, Pessoa.id == _PROCESSO.c.autuado_id, "autuado_documento"),
        _da_linha(Pessoa.tipo, Pessoa.id == _PROCESSO.c.autuado_id, "autuado_tipo"),
        _da_linha(Embarcacao.nome, Embarcacao.id == _PROCESSO.c.embarcacao_id, "emb_nome"),
        _da_linha(
            Embarcacao.inscricao, Embarcacao.id == _PROCESSO.c.embarcacao_id, "emb_inscricao"
        ),
        _da_linha(
            ProcessoResumo.proximo_vencimento,
            ProcessoResumo.processo_id == _PROCESSO.c.id,
            "proximo_vencimento",
        ),
    )
    .join(OM, OM.id == _PROCESSO.c.om_id)
    .where(_PROCESSO.c.id.in_(_IDS_DA_PAGINA))
)
_PRAZOS_EM_CURSO_DA_PAGINA = (
    select(Prazo.processo_id, Prazo.etapa, Prazo.regime, Prazo.vencimento)
    .where(Prazo.processo_id.in_(_IDS_DA_PAGINA), Prazo.encerrado_em.is_(None))
    .order_by(Prazo.id)
)


def _linhas_da_pagina(conexao: Connection, pagina: list[int]) -> list[Row[Any]]:
    """As linhas dos processos da página (processo, OM, autuado, embarcação e o próximo
    vencimento), na ordem da página: a consulta não ordena, a ordem é a dos ids escolhidos
    (a mesma ordem, desempatada pelo id, que a consulta dos ids usou)."""
    if not pagina:
        return []
    posicao = {pid: i for i, pid in enumerate(pagina)}
    # `.all()`: as linhas num `fetchall` do driver, não um `fetchone` por linha
    linhas = list(conexao.execute(_LINHAS_DA_PAGINA, {"ids": pagina}).all())
    linhas.sort(key=lambda x: posicao[x.id])
    return linhas


def _processo_na_lista(
    x: Row[Any], etapas: dict[int, tuple[str, str]], hoje_: dt.date
) -> dict[str, Any]:
    """Um item da lista: `leitura.resumo_da_linha` (o mesmo dicionário de `leitura.resumo`,
    das colunas de `_LINHAS_DA_PAGINA`, sem voltar ao banco) e o próximo prazo."""
    item = resumo_da_linha(x)
    vencimento = x.proximo_vencimento
    item["proximo_prazo"] = None
    if vencimento is not None:
        etapa, regime = etapas[x.id]
        item["proximo_prazo"] = {
            "etapa": etapa,
            "nome": catalogo_prazos().nome_da_etapa(regime, etapa),
            "vencimento": vencimento,
            "vencido": vencimento < hoje_,
        }
    return item


def _etapas_dos_proximos(
    conexao: Connection, vencimentos: dict[int, dt.date]
) -> dict[int, tuple[str, str]]:
    """A etapa (e o regime do prazo) do próximo vencimento de cada processo da página; entre
    prazos do mesmo dia, o aberto primeiro."""
    saida: dict[int, tuple[str, str]] = {}
    if not vencimentos:
        return saida
    for pid, etapa, regime, vencimento in conexao.execute(
        _PRAZOS_EM_CURSO_DA_PAGINA, {"ids": list(vencimentos)}
    ).all():
        if vencimento == vencimentos[pid] and pid not in saida:
            saida[pid] = (etapa, regime)
    return saida


@caso_de_uso()
def opcoes_da_lista(s: Session, ator: Ator) -> OpcoesDaLista:
    """As opções dos filtros: os estados de cada quadro com a contagem na jurisdição, os
    regimes e as OMs da jurisdição."""
    contagem = contagem_por_estado.na_sessao(s, ator)
    # o mesmo nome em quadros diferentes (o fim da apuração e o do inquérito) leva o do quadro,
    # sem a citação entre parênteses
    regime_de = {
        e: m.nome.split(" (", 1)[0] for m in reversed(carregar_regimes()) for e in m.estados
    }
    nomes = Counter(e.nome for e in estados_dos_regimes().values())
    estados = [
        OpcaoDeFiltro(
            id=e.id,
            nome=e.nome if nomes[e.nome] == 1 else f"{e.nome} ({regime_de[e.id]})",
            quantidade=contagem.get(e.id, 0),
        )
        for e in estados_dos_regimes().values()
    ]
    regimes = [OpcaoDeFiltro(id=m.regime, nome=m.nome) for m in carregar_regimes()]
    oms = [
        OpcaoDeFiltro(id=sigla, nome=nome)
        for sigla, nome in s.execute(
            select(OM.sigla, OM.nome).where(OM.id.in_(ator.oms)).order_by(OM.sigla)
        )
    ]
    return OpcoesDaLista(estados=estados, regimes=regimes, oms=oms)


@caso_de_uso()
def contagem_por_estado(s: Session, ator: Ator) -> dict[str, int]:
    """Quantos processos a jurisdição tem em cada estado, pelo contador por OM, regime e estado
    (`processos_por_estado`, mantido pelo banco a cada processo aberto ou que muda de estado):
    poucas linhas por OM, e não uma por processo."""
    return processos_por_estado.por_estado(s, ator.oms)


def condicoes_de_prazos(
    oms: frozenset[int],
    de: dt.date,
    ate: dt.date,
    *,
    somente_abertos: bool = True,
    om: Any = Prazo.om_id,
) -> list[Any]:
    """Os prazos da jurisdição que vencem no período, só pelas colunas do prazo: a OM está no
    próprio prazo, e os em curso vêm do trecho das OMs no período (`ix_prazo_em_curso_por_om`,
    migração 0029), sem passar pelos processos. `om`: a coluna da OM ou uma expressão dela
    (que tira a OM da escolha do índice, `painel.prazos`)."""
    condicoes = [om.in_(oms), Prazo.vencimento >= de, Prazo.vencimento <= ate]
    if somente_abertos:
        condicoes.append(Prazo.encerrado_em.is_(None))
    return condicoes


ORDEM_DOS_PRAZOS = (Prazo.vencimento, Prazo.processo_id, Prazo.id)
"""Os prazos pelo vencimento e, no mesmo dia, pela abertura do processo: a ordem do índice dos
prazos em curso por data (`ix_prazo_em_curso_por_data`, migração 0035), que dá a primeira página
sem ler os processos dos prazos que vencem no mesmo dia no país inteiro."""


def consulta_de_prazos(
    oms: frozenset[int], de: dt.date, ate: dt.date, *, somente_abertos: bool = True
) -> Select[tuple[Prazo, Processo]]:
    """Os prazos da jurisdição que vencem no período, pelo vencimento e, no mesmo dia, pela
    ordem de abertura dos processos (`ORDEM_DOS_PRAZOS`; o painel pede a primeira página dela
    com o total; `prazos_no_periodo`, a lista toda)."""
    return (
        select(Prazo, Processo)
        .join(Processo, Processo.id == Prazo.processo_id)
        .where(*condicoes_de_prazos(oms, de, ate, somente_abertos=somente_abertos))
        .order_by(*ORDEM_DOS_PRAZOS)
    )


def prazo_com_processo(prazo: Prazo, p: Processo) -> PrazoComProcesso:
    return PrazoComProcesso.model_validate(
        {**prazo_json(prazo), "processo": {"id": p.id, "numero": p.numero, "estado": p.estado}}
    )


@caso_de_uso()
def prazos_no_periodo(
    s: Session,
    ator: Ator,
    de: dt.date,
    ate: dt.date,
    *,
    om_sigla: str | None = None,
    somente_abertos: bool = True,
) -> list[PrazoComProcesso]:
    if ate < de:
        raise EntradaInvalida("o fim do período é anterior ao início", campo="ate")
    oms = _oms(s, ator, om_sigla)
    q = consulta_de_prazos(oms, de, ate, somente_abertos=somente_abertos)
    return [prazo_com_processo(prazo, p) for prazo, p in s.execute(q).all()]


def _vencimento_pagamento(s: Session, p: Processo) -> dt.date | None:
    """O vencimento do prazo de pagamento em curso (o efeito suspensivo o encerra)."""
    return s.execute(
        select(Prazo.vencimento)
        .where(Prazo.processo_id == p.id, Prazo.etapa == "pagamento", Prazo.encerrado_em.is_(None))
        .order_by(Prazo.id.desc())
        .limit(1)
    ).scalar_one_or_none()


def _sem_multa_devida(m: Maquina) -> frozenset[str]:
    """Os estados do regime sem multa devida: `sem_penalidade` (nenhuma em vigor) e
    `sem_debito` (nenhuma a pagar: paga, afastada, baixada da dívida ativa)."""
    return frozenset(m.estados_com("sem_penalidade") + m.estados_com("sem_debito"))


def _atos_que_levam_sem_multa(m: Maquina) -> frozenset[str]:
    """Os atos que levam o processo de um estado com multa devida a um sem ela (o julgamento
    improcedente, o recurso provido, o pagamento que quita, a baixa da dívida ativa, o
    encerramento). Desses estados não se volta a um com multa devida (o quadro não tem a
    transição; tests/unit/test_debitos_na_data.py o confere): o processo está neles desde o
    último destes atos."""
    fora = _sem_multa_devida(m)
    return frozenset(
        t.tipo_ato
        for t in m.transicoes
        if fora.intersection(t.destinos) and not fora.issuperset(m.origens(t))
    )


def _sem_multa_devida_na_data(data: dt.date) -> Any:
    """O processo estava, na data, num estado sem multa devida (`_sem_multa_devida`): está
    num deles e o ato que o levou lá (`_atos_que_levam_sem_multa`) é desta data ou de antes.
    O recurso provido, a baixa da dívida ativa ou o pagamento registrados depois, com data
    posterior, não tiram a multa devida antes deles. Na data de hoje, é o estado atual."""
    return or_(
        false(),
        *(
            and_(
                Processo.regime == m.regime,
                Processo.estado.in_(sorted(fora)),
                ~select(Ato.id)
                .where(
                    Ato.processo_id == Processo.id,
                    Ato.tipo.in_(sorted(_atos_que_levam_sem_multa(m))),
                    Ato.data_ato > data,
                )
                .exists(),
            )
            for m in carregar_regimes()
            if (fora := _sem_multa_devida(m))
        ),
    )


def multas_devidas(
    s: Session,
    condicao: Any,
    data: dt.date | None = None,
    *,
    incluir: Callable[[Processo], bool] | None = None,
) -> list[tuple[Processo, Decimal]]:
    """A multa em vigor menos o pago de cada processo que satisfaz `condicao` (uma condição
    sobre `Processo`), na `data` (hoje, por padrão), com saldo: a multa da última decisão
    que as fixou até a data (`repositorio.vigentes`), menos os pagamentos com data até ela
    (`repositorio.pagos_por_processo`), fora dos estados sem multa devida em que o processo
    já estava na data (`_sem_multa_devida_na_data`). `incluir`: os processos a considerar (padrão:
    todos). Três consultas para o conjunto todo, não uma por processo: a conta da situação de
    débito (`debitos_da_pessoa`) e a da multa da origem no extrato da custódia
    (`custodia._multas_da_origem`)."""
    na_data = data or relogio.hoje()
    processos = {
        p.id: p
        for p in s.execute(
            select(Processo)
            .where(condicao, ~_sem_multa_devida_na_data(na_data))
            .order_by(Processo.id)
        ).scalars()
        if incluir is None or incluir(p)
    }
    if not processos:
        return []
    ultimo: dict[int, tuple[int, Decimal]] = {}  # processo -> (seq do ato, soma das multas)
    for pid, seq, multa in s.execute(
        select(Penalidade.processo_id, Ato.seq, Penalidade.multa)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(Penalidade.processo_id.in_(processos), Ato.data_ato <= na_data)
    ).tuples():
        atual = ultimo.get(pid)
        if atual is None or seq > atual[0]:
            atual = (seq, Decimal("0.00"))
        if seq == atual[0]:
            ultimo[pid] = (seq, atual[1] + (multa or Decimal("0.00")))
    if not ultimo:
        return []
    pagos = repositorio.pagos_por_processo(s, list(ultimo), na_data)
    saida: list[tuple[Processo, Decimal]] = []
    for pid, p in processos.items():
        if pid in ultimo and (saldo := ultimo[pid][1] - pagos.get(pid, Decimal("0.00"))) > 0:
            saida.append((p, saldo))
    return saida


def _intimados_ate(s: Session, ids: list[int], data: dt.date) -> set[int]:
    """Os processos cuja multa já era exigível na data pela intimação do infrator: o prazo de
    pagamento se abriu até ela (o início dele é a data da intimação). Ele corre da intimação
    da decisão (LESTA art. 32: "quinze dias corridos, a contar da intimação, para pagar a
    multa"; Norma de 2023 item 3.6.3 c e d) e, no procedimento ambiental, da notificação para
    pagamento (NORMAM-401 item 1.6: "contados da data do recebimento da notificação para
    pagamento"). Antes dela, a multa não faz débito."""
    if not ids:
        return set()
    return set(
        s.execute(
            select(Prazo.processo_id)
            .where(Prazo.processo_id.in_(ids), Prazo.etapa == "pagamento", Prazo.inicio <= data)
            .distinct()
        ).scalars()
    )


@dataclass(frozen=True)
class Debito:
    """A multa não paga de um processo da pessoa (LESTA art. 20)."""

    processo: Processo
    saldo: Decimal
    # exigibilidade suspensa: recurso com efeito suspensivo (Lei 9.784/1999 art. 61, parágrafo
    # único), ou a multa antes da intimação que abre o prazo de pagamento (LESTA art. 32; no
    # procedimento ambiental, a notificação para pagamento, NORMAM-401 item 1.6)
    suspenso: bool


def debitos_da_pessoa(
    s: Session,
    pessoa_id: int,
    *,
    incluir: Callable[[Processo], bool] | None = None,
    data: dt.date | None = None,
) -> list[Debito]:
    """As multas não pagas da pessoa na `data` (hoje, por padrão), processo a processo: as
    devidas na data (`multas_devidas`: a dívida ativa conta até a baixa), cada uma com a
    exigibilidade na data. `incluir`: os processos a considerar (padrão: todos). A mesma
    conta da situação de débito (`situacao`, hoje) e da entrega do bem sob custódia
    (`custodia`, na data do ato: a entrega datada de antes do pagamento da multa é recusada
    ainda que registrada depois dele). Cinco consultas, qualquer que seja o número de
    processos."""
    na_data = data or relogio.hoje()
    devidas = multas_devidas(s, Processo.autuado_id == pessoa_id, na_data, incluir=incluir)
    ids = [p.id for p, _ in devidas]
    intimados = _intimados_ate(s, ids, na_data)
    atos: dict[int, list[tuple[str, dict[str, Any]]]] = {pid: [] for pid in ids}
    if ids:
        for pid, tipo, payload in s.execute(
            select(Ato.processo_id, Ato.tipo, Ato.payload)
            .where(Ato.processo_id.in_(ids), Ato.data_ato <= na_data)
            .order_by(Ato.processo_id, Ato.seq)
        ).tuples():
            atos[pid].append((tipo, dict(payload or {})))
    # Recurso com efeito suspensivo (concedido até a data e ainda sem a decisão do recurso):
    # a multa não é exigível até a decisão (Lei 9.784/1999 art. 61, parágrafo único); sem ele,
    # o recurso não suspende o débito (LESTA art. 24 § 1º). Antes da intimação que abre o
    # prazo de pagamento (a ciência da decisão; no procedimento ambiental, a notificação para
    # pagamento), ela não é exigível.
    return [
        Debito(
            p,
            saldo,
            fatos_do_recurso(carregar_regime(p.regime), atos[p.id]).efeito_suspensivo
            or p.id not in intimados,
        )
        for p, saldo in devidas
    ]


@caso_de_uso(escrita=True)
def situacao(s: Session, ator: Ator, documento: str) -> SituacaoDaPessoa:
    """Multas não pagas de uma pessoa (LESTA art. 20: atos de interesse do devedor ficam
    sustados até a quitação). Só a multa de infração à LESTA (regime com
    `sustacao_por_debito`) faz o débito do art. 20 ("débito decorrente de infração desta Lei");
    a multa por poluição (Lei 9.966/2000, Decreto 4.136/2002) é listada como informação, com o
    seu fundamento, e soma em `devido_sem_sustacao`.

    Quem tem a permissão `ve_dados_pessoais` (papeis.yaml: quem registra atos e por isso
    susta os de interesse do devedor) vê os dados completos: o nome e os débitos de todas as
    OMs, pois o débito é da pessoa (o detalhe de processos fora da jurisdição não é mostrado,
    só a soma); cada leitura fica no registro de acesso a dados pessoais (`acessos`). Os
    demais papéis veem só os débitos da sua jurisdição, sem o nome (LGPD art. 6º, III:
    necessidade)."""
    digitos = validar_documento(documento)
    pessoa = s.execute(select(Pessoa).where(Pessoa.documento == digitos)).scalar_one_or_none()
    completa = pode(ator.papel, VE_DADOS_PESSOAIS)
    if completa:
        acessos.registrar_leitura(
            s, ator, digitos, pessoa.id if pessoa else None, acessos.CONSULTA_SITUACAO
        )
    debitos: list[dict[str, Any]] = []
    outras_oms = Decimal("0.00")
    na_jurisdicao = Decimal("0.00")
    suspensos = Decimal("0.00")
    sem_sustacao = Decimal("0.00")
    if pessoa is not None:
        for d in debitos_da_pessoa(
            s,
            pessoa.id,
            # sem `ve_dados_pessoais`, só a jurisdição do usuário
            incluir=None if completa else (lambda p: p.om_id in ator.oms),
        ):
            p = d.processo
            maquina = carregar_regime(p.regime)
            # Só a multa de infração à LESTA é o débito que susta os atos de interesse da
            # pessoa (LESTA art. 20: "débito decorrente de infração desta Lei"); a de outro
            # fundamento (a poluição, Lei 9.966/2000) é listada como informação.
            sustacao = maquina.quadro.sustacao_por_debito
            item = {
                "processo": p.numero,
                "id": p.id,
                "estado": p.estado,
                "saldo": dinheiro(d.saldo),
                "sustacao": sustacao,
                "fundamento": _fundamento_do_debito(maquina),
            }
            if d.suspenso:
                suspensos += d.saldo
                if p.om_id in ator.oms:
                    debitos.append({**item, "vencimento": None, "exigibilidade_suspensa": True})
                continue
            if not sustacao:
                sem_sustacao += d.saldo
            elif p.om_id in ator.oms:
                na_jurisdicao += d.saldo
            else:
                outras_oms += d.saldo
            if p.om_id in ator.oms:
                venc = _vencimento_pagamento(s, p)
                debitos.append({**item, "vencimento": venc.isoformat() if venc else None})
    total_devido = na_jurisdicao + outras_oms
    resposta = {
        "documento": formatar_documento(digitos),
        "nome": pessoa.nome if pessoa and completa else None,
        "abrangencia": "nacional" if completa else "jurisdicao",
        "em_debito": total_devido > 0,
        "total_devido": dinheiro(total_devido),
        "debitos": debitos,
        "debitos_em_outras_oms": dinheiro(outras_oms) if completa else None,
        "suspensos": dinheiro(suspensos),
        "devido_sem_sustacao": dinheiro(sem_sustacao),
        "fundamento": _fundamento_com_texto(citacao("sustacao_por_debito")),
    }
    return SituacaoDaPessoa.model_validate(resposta)


def _sem_penalidade() -> Any:
    """O processo está num estado marcado `sem_penalidade` no quadro do seu regime (nenhuma
    penalidade em vigor; `repositorio.vigentes`)."""
    return or_(
        false(),
        *(
            and_(Processo.regime == m.regime, Processo.estado.in_(m.estados_com("sem_penalidade")))
            for m in carregar_regimes()
            if m.estados_com("sem_penalidade")
        ),
    )


def _multa_em_vigor() -> Any:
    """A soma das multas em vigor de cada processo (subconsulta escalar correlacionada; nula sem
    penalidade): as penalidades do último ato (maior `seq`) que as fixou, as mesmas contas de
    `repositorio.total_multas` (o estado `sem_penalidade` fica com `_sem_penalidade`)."""
    ultimo = (
        select(func.max(Ato.seq))
        .select_from(Penalidade)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(Penalidade.processo_id == Processo.id)
        .correlate(Processo)
        .scalar_subquery()
    )
    return (
        select(func.sum(Penalidade.multa))
        .select_from(Penalidade)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(Penalidade.processo_id == Processo.id, Ato.seq == ultimo)
        .correlate(Processo)
        .scalar_subquery()
    )


def _data_da_multa_em_vigor() -> Any:
    """A data do ato que fixou as penalidades em vigor (o último, maior `seq`, que fixou
    penalidades), correlacionada; nula sem penalidade."""
    ultimo = (
        select(func.max(Ato.seq))
        .select_from(Penalidade)
        .join(Ato, Ato.id == Penalidade.ato_id)
        .where(Penalidade.processo_id == Processo.id)
        .correlate(Processo)
        .scalar_subquery()
    )
    return (
        select(Ato.data_ato)
        .where(Ato.processo_id == Processo.id, Ato.seq == ultimo)
        .correlate(Processo)
        .scalar_subquery()
    )


def _total_pago() -> Any:
    """A soma dos pagamentos de cada processo (subconsulta escalar correlacionada; nula sem
    pagamento)."""
    return (
        select(func.sum(Pagamento.valor))
        .where(Pagamento.processo_id == Processo.id)
        .correlate(Processo)
        .scalar_subquery()
    )


def _vencimento_do_pagamento() -> Any:
    """O vencimento do prazo de pagamento em curso de cada processo, o aberto por último (o
    mesmo de `_vencimento_pagamento`), como subconsulta escalar correlacionada."""
    return (
        select(Prazo.vencimento)
        .where(*_em_curso(Processo.id), Prazo.etapa == "pagamento")
        .order_by(Prazo.id.desc())
        .limit(1)
        .correlate(Processo)
        .scalar_subquery()
    )


def _pagina_do_resumo(condicoes: Any, ordem: tuple[Any, ...], limite: int | None) -> Select[Any]:
    """Os ids de uma página de linhas do modelo de leitura, na ordem de um índice parcial que
    as separa (a OM, a ordem e o processo no próprio índice): sem juntar os processos de todas
    as linhas que atendem às condições, como fazia a ordem pelo número (a 1 milhão de
    processos, as 10 mil multas vencidas do país: 70 ms)."""
    pagina = select(ProcessoResumo.processo_id).where(*condicoes).order_by(*ordem)
    return pagina if limite is None else pagina.limit(limite)


ORDEM_DAS_MULTAS_VENCIDAS = (ProcessoResumo.vencimento_pagamento, ProcessoResumo.processo_id)
"""As multas vencidas há mais tempo primeiro (as primeiras a seguir para a dívida ativa) e, no
mesmo vencimento, pela abertura do processo: a ordem de `ix_processo_resumo_em_debito`."""

ORDEM_DAS_RESTITUICOES = (ProcessoResumo.processo_id,)
"""As restituições pendentes pela abertura do processo: a ordem de
`ix_processo_resumo_a_restituir`."""


def pagina_de_multas_vencidas(
    s: Session, oms: frozenset[int], hoje: dt.date, limite: int | None = None
) -> tuple[int, list[MultaVencida]]:
    """As multas vencidas da jurisdição (as vencidas há mais tempo primeiro,
    `ORDEM_DAS_MULTAS_VENCIDAS`) e quantas são, em duas consultas, qualquer que seja o número
    de processos: o vencimento do prazo de pagamento em curso, a multa em vigor e o pago de
    cada processo vêm do modelo de leitura (`processo_resumo`); a contagem só o lê, e a página
    (com `limite`, os primeiros) junta o processo, a OM, o autuado e a embarcação só às suas
    linhas."""
    r = ProcessoResumo
    condicoes = (  # pelo índice parcial dos em débito, por OM e vencimento do pagamento
        r.om_id.in_(oms),
        r.vencimento_pagamento < hoje,
        # não encerrado e multa em vigor maior que o pago (a multa é nula no estado sem
        # penalidade, `_sem_penalidade`): a coluna do resumo, regravada com cada ato
        r.em_debito.is_(True),
    )
    total = int(s.execute(select(func.count()).select_from(r).where(*condicoes)).scalar_one())
    if limite == 0 or total == 0:
        return total, []
    ids = _pagina_do_resumo(condicoes, ORDEM_DAS_MULTAS_VENCIDAS, limite).subquery()
    linhas = s.execute(
        select(Processo, OM, Pessoa, Embarcacao, r.vencimento_pagamento, r.multa, r.pago)
        .join(ids, ids.c.processo_id == Processo.id)
        .join(r, r.processo_id == Processo.id)
        .join(OM, OM.id == Processo.om_id)
        .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
        .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .order_by(*ORDEM_DAS_MULTAS_VENCIDAS)
    ).all()
    zero = Decimal("0.00")
    # OM, autuado e embarcação estão nas linhas (e na sessão): `resumo` não volta ao banco
    itens = [
        MultaVencida.model_validate(
            {
                **resumo(s, p),
                "saldo": dinheiro((total_ or zero) - (pagos or zero)),
                "vencimento_pagamento": venc.isoformat(),
                "dias_em_atraso": (hoje - venc).days,
            }
        )
        for p, _, _, _, venc, total_, pagos in linhas
    ]
    return total, itens


@caso_de_uso()
def multas_vencidas(s: Session, ator: Ator, hoje: dt.date) -> list[MultaVencida]:
    """Multas impostas, não pagas, com o prazo de pagamento já vencido (todas; o painel mostra
    as primeiras e o total, `pagina_de_multas_vencidas`)."""
    return pagina_de_multas_vencidas(s, ator.oms, hoje)[1]


@caso_de_uso()
def prontos_para_divida_ativa(s: Session, ator: Ator, hoje: dt.date) -> list[MultaVencida]:
    """Multas vencidas e não pagas, prontas para o encaminhamento à dívida ativa.

    O recurso não tem efeito suspensivo (LESTA art. 24 § 1º): uma multa vencida se encaminha
    mesmo com recurso pendente. O efeito suspensivo concedido (Lei 9.784/1999 art. 61,
    parágrafo único) e o próprio encaminhamento encerram o prazo de pagamento, e a multa deixa
    de estar vencida em `multas_vencidas`.
    """
    return multas_vencidas.na_sessao(s, ator, hoje)


def pagina_de_restituicoes(
    s: Session, oms: frozenset[int], limite: int | None = None
) -> tuple[int, list[RestituicaoPendente]]:
    """Os processos não encerrados da jurisdição com valor pago a maior reconhecido e ainda
    não restituído (pela abertura do processo) e quantos são, pelo modelo de leitura
    (`restituicao_pendente`, a conta de `fatos_do_recurso` sobre os atos que reconhecem ou
    efetuam restituição, regravada com cada ato) e o seu índice parcial; com `limite`, só os
    primeiros."""
    condicoes = (
        ProcessoResumo.om_id.in_(oms),
        ProcessoResumo.encerrado.is_(False),
        # literal (não parâmetro): o SQLite só usa o índice parcial com o mesmo termo
        ProcessoResumo.restituicao_pendente > literal_column("0"),
    )
    total = int(
        s.execute(select(func.count()).select_from(ProcessoResumo).where(*condicoes)).scalar_one()
    )
    ids = _pagina_do_resumo(condicoes, ORDEM_DAS_RESTITUICOES, limite).subquery()
    q = (
        select(Processo.id, Processo.numero, Processo.estado, ProcessoResumo.restituicao_pendente)
        .join(ids, ids.c.processo_id == Processo.id)
        .join(ProcessoResumo, ProcessoResumo.processo_id == Processo.id)
        .order_by(*ORDEM_DAS_RESTITUICOES)
    )
    fundamento = citacao("restituicao_do_indevido").referencia()
    return total, [
        RestituicaoPendente(id=pid, numero=numero, estado=estado, valor=v, fundamento=fundamento)
        for pid, numero, estado, v in s.execute(q).all()
    ]


@caso_de_uso()
def restituicoes_pendentes(s: Session, ator: Ator) -> list[RestituicaoPendente]:
    """Processos da jurisdição com valor pago a maior reconhecido e ainda não restituído
    (todos; o painel mostra os primeiros e o total, `pagina_de_restituicoes`)."""
    return pagina_de_restituicoes(s, ator.oms)[1]


FOLGA_DO_CORTE = dt.timedelta(weeks=1)
"""Folga do corte de `_corte_da_prescricao` (o dia 29/02 que vira 28/02 na soma de anos, o fuso
da data da inspeção): o corte só separa os candidatos, a conta exata é a de depois."""


def _corte_da_prescricao(etapa: str, hoje: dt.date, antecedencia_dias: int) -> dt.date | None:
    """O marco mais recente que ainda pode prescrever até `hoje` mais a antecedência: o limite
    é o marco mais os anos de `prazo.prescricao.<etapa>` (nunca menos que os da versão mais
    curta), e um marco depois do corte fica longe da prescrição. `None`: nenhuma versão com
    anos (nada a alertar)."""
    anos = [
        v.valor.anos
        for v in regra_prazo("prescricao", etapa).versoes
        if v.valor is not None and v.valor.anos is not None
    ]
    if not anos:
        return None
    alvo = hoje + dt.timedelta(days=antecedencia_dias)
    return somar_anos(alvo, -min(anos)) + FOLGA_DO_CORTE


def _instante_do_corte(d: dt.date) -> dt.datetime:
    """Um instante (UTC) depois de todo o dia local `d`, em qualquer fuso: o corte na data da
    inspeção, gravada como instante."""
    return dt.datetime.combine(d + FOLGA_DO_CORTE, dt.time.min, tzinfo=dt.UTC)


def _do_primeiro_ato(coluna: Any, processo: Any) -> Any:
    """Uma coluna do primeiro ato (menor `seq`) do processo, correlacionada."""
    return (
        select(coluna)
        .where(Ato.processo_id == processo.id)
        .order_by(Ato.seq)
        .limit(1)
        .correlate(processo)
        .scalar_subquery()
    )


def _fato_do_primeiro_ato(
    data: dt.date | None, dados: dict[str, Any] | None, criado_em: dt.datetime
) -> dt.date:
    """`repositorio.data_do_fato` sem inspeção nem origem: a data que o ato de abertura
    registrou (`dados.data_fato`), a do primeiro ato, ou a da criação do processo."""
    if data is None:
        return relogio.data_local(criado_em)
    registrada = (dados or {}).get("data_fato")
    return dt.date.fromisoformat(registrada) if registrada else data


def datas_do_fato(s: Session, ids: set[int]) -> dict[int, dt.date]:
    """A data do fato de cada processo (a mesma de `repositorio.data_do_fato`: a da inspeção,
    a do procedimento de origem, a registrada na abertura ou a do primeiro ato), com uma
    consulta por nível de origem (a conversão de uma apuração, a custódia de um processo),
    não por processo."""
    saida: dict[int, dt.date] = {}
    niveis: list[dict[int, int]] = []
    pendentes = set(ids)
    while pendentes:
        origens: dict[int, int] = {}
        for pid, inspecao, origem, criado, instante, data, dados in s.execute(
            select(
                Processo.id,
                Processo.inspecao_id,
                Processo.origem_id,
                Processo.criado_em,
                Inspecao.data_hora,
                _do_primeiro_ato(Ato.data_ato, Processo),
                _do_primeiro_ato(Ato.payload, Processo),
            )
            .outerjoin(Inspecao, Inspecao.id == Processo.inspecao_id)
            .where(Processo.id.in_(pendentes))
        ):
            if inspecao is not None:
                saida[pid] = relogio.data_local(instante)
            elif origem is not None:
                origens[pid] = origem
            else:
                saida[pid] = _fato_do_primeiro_ato(data, dados, criado)
        niveis.append(origens)
        pendentes = {o for o in origens.values() if o not in saida}
    for origens in reversed(niveis):
        for pid, origem in origens.items():
            saida[pid] = saida[origem]
    return saida


def _ultimo_interruptivo() -> Any:
    """A data do último ato que interrompe a prescrição (marca `interrompe_prescricao` do quadro
    do regime; Lei 9.873/1999 art. 2º), correlacionada; nula sem ele."""
    sistema = atos_do_sistema().tipos
    return (  # a emissão de documento (ato do sistema) não move o processo
        select(func.max(Ato.data_ato))
        .where(
            Ato.processo_id == Processo.id,
            Ato.tipo.not_in(sistema),
            or_(
                false(),
                *(
                    and_(
                        Processo.regime == m.regime,
                        Ato.tipo.in_(m.tipos_com("interrompe_prescricao")),
                    )
                    for m in carregar_regimes()
                    if m.tipos_com("interrompe_prescricao")
                ),
            ),
        )
        .correlate(Processo)
        .scalar_subquery()
    )


@caso_de_uso()
def alertas_prescricao(
    s: Session, ator: Ator, hoje: dt.date, *, antecedencia_dias: int = 180
) -> list[AlertaDePrescricao]:
    """Processos não encerrados perto da prescrição.

    - quinquenal (Lei 9.873/1999 art. 1º): 5 anos da data do fato, interrompida pelos atos do
      art. 2º (notificação/ciência do auto, julgamento); o Farol recomeça a contagem no último
      ato interruptivo registrado;
    - intercorrente (art. 1º § 1º): processo parado há mais de 3 anos pendente de julgamento
      ou despacho; conta-se do último ato registrado.

    Uma consulta para todos os processos, qualquer que seja o seu número (mais uma por nível
    de origem dos que não têm inspeção): o último ato interruptivo, o último ato e o primeiro
    são subconsultas correlacionadas, e o corte de `_corte_da_prescricao` deixa de fora, já no
    banco, os processos cujos marcos estão longe da prescrição; a conta exata (anos da versão
    em vigor no marco, de data a data) é a de `rules.prescricao.prescricoes_do_processo`.
    """
    interrompe = _ultimo_interruptivo()
    sistema = atos_do_sistema().tipos
    ultimo = (
        select(Ato.data_ato)
        .where(Ato.processo_id == Processo.id, Ato.tipo.not_in(sistema))
        .order_by(Ato.seq.desc())
        .limit(1)
        .correlate(Processo)
        .scalar_subquery()
    )
    perto: list[Any] = [false()]
    corte = _corte_da_prescricao("punitiva", hoje, antecedencia_dias)
    if corte is not None:  # marco = o maior entre a data do fato e o último ato interruptivo
        perto.append(
            and_(
                or_(interrompe.is_(None), interrompe <= corte),
                or_(
                    Processo.inspecao_id.is_(None),
                    Inspecao.data_hora < _instante_do_corte(corte),
                ),
            )
        )
    corte = _corte_da_prescricao("intercorrente", hoje, antecedencia_dias)
    if corte is not None:  # sem ato, o último é o marco
        perto.append(or_(ultimo.is_(None), ultimo <= corte))
    linhas = s.execute(
        select(
            Processo,
            OM,
            Pessoa,
            Embarcacao,
            Inspecao.data_hora,
            _do_primeiro_ato(Ato.data_ato, Processo),
            _do_primeiro_ato(Ato.payload, Processo),
            interrompe,
            ultimo,
        )
        .join(OM, OM.id == Processo.om_id)
        .outerjoin(Pessoa, Pessoa.id == Processo.autuado_id)
        .outerjoin(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
        .outerjoin(Inspecao, Inspecao.id == Processo.inspecao_id)
        .where(
            Processo.om_id.in_(ator.oms),
            # o sobrestado também: a prescrição corre nele (docs/interpretacoes.md, ponto 17)
            Processo.estado.not_in(_estados_sem_prescricao()),
            or_(*perto),
            # os candidatos pelo índice (om_id, prescreve_em) do modelo de leitura: a primeira
            # das prescrições do processo dentro da antecedência (a conta exata é a de baixo)
            Processo.id.in_(
                select(ProcessoResumo.processo_id).where(
                    ProcessoResumo.om_id.in_(ator.oms),
                    ProcessoResumo.prescreve_em <= hoje + dt.timedelta(days=antecedencia_dias),
                )
            ),
        )
        .order_by(Processo.id)
    ).all()
    origens = datas_do_fato(
        s, {p.origem_id for p, *_ in linhas if p.inspecao_id is None and p.origem_id is not None}
    )
    saida = []
    for p, _, _, _, instante, data, dados, interrompido_em, ultimo_ato in linhas:
        if p.inspecao_id is not None:
            fato = relogio.data_local(instante)
        elif p.origem_id is not None:
            fato = origens[p.origem_id]
        else:
            fato = _fato_do_primeiro_ato(data, dados, p.criado_em)
        marco = max(fato, interrompido_em) if interrompido_em is not None else fato
        for x in prescricoes_do_processo(marco, ultimo_ato):
            faltam = (x.prescreve_em - hoje).days
            if faltam <= antecedencia_dias:
                # OM, autuado e embarcação estão nas linhas: `resumo` não volta ao banco
                saida.append(
                    {
                        **resumo(s, p),
                        "tipo": x.tipo,
                        "prescreve_em": x.prescreve_em.isoformat(),
                        "dias_restantes": faltam,
                        "prescrito": faltam < 0,
                        "fundamento": x.fundamento,
                    }
                )
    return [
        AlertaDePrescricao.model_validate(x) for x in sorted(saida, key=lambda x: x["prescreve_em"])
    ]
