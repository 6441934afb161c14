"""Casos de uso do processo administrativo: registrar um ato e ler o processo.

`registrar_ato` é a única porta de escrita de atos: confere a jurisdição, o quadro de
estados (ato permitido no estado e ao papel), as guardas, os dados do tipo do ato e as
datas; grava o ato encadeado (auditoria), muda o estado, encerra e abre os prazos com o
calendário da OM. Tudo numa transação: ou tudo fica, ou nada.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Integer, Table, bindparam, literal_column, select
from sqlalchemy.orm import Session, aliased
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.util import identity_key

from farol.domain.procedimento.carregar import carregar_regime, carregar_regimes
from farol.domain.procedimento.guardas import (
    GUARDAS,
    NAO_PRESCRITO,
    ContextoAto,
    avaliar_guarda,
)
from farol.domain.procedimento.historico import fatos_do_recurso
from farol.domain.procedimento.maquina import Maquina, Resultado
from farol.domain.procedimento.quadro import ABRE_PROCESSO_SANCIONADOR, id_prazo
from farol.erros import (
    CATALOGO_DE_INFRACOES,
    Conflito,
    EntradaInvalida,
    EntradasInvalidas,
    ErroFarol,
    consulte_do_item,
    recusar_juntos,
)
from farol.formatos import citado, com_nomes, moeda
from farol.formatos import data as data_br
from farol.normas.acessorias import nomes_das_acessorias, tipos_de_acessoria
from farol.normas.atos_do_sistema import atos_do_sistema
from farol.normas.citacoes import citacao, referencias
from farol.normas.infracoes import catalogo, infracao_desconhecida
from farol.normas.medidas import carregar_tabela
from farol.normas.prazos import DO_INTERESSADO, RegraPrazo, catalogo_prazos, regra_prazo
from farol.relogio import agora, data_local, hoje
from farol.rules import transicao
from farol.rules.calendario import Calendario
from farol.rules.prazos import calcular_prazo
from farol.rules.prescricao import Prescricao, exigir_nao_prescrito, prescricoes_do_processo
from farol.rules.vigencia import exigir_vigencia_do_fato
from farol.services import (
    acordao,
    anexos,
    comunicacao,
    custodia,
    idempotencia,
    poluicao,
    procuradores,
)
from farol.services import penalidades_do_processo as pen
from farol.services import texto_de_busca as texto_de_busca  # os eventos da sessão
from farol.services.calendario_om import (
    MarcaDoCalendario,
    calendario_da_om,
    calendario_do_prazo,
    calendario_pela_marca,
    colunas_da_marca,
    mover_contados,
    om_que_decide,
    recalcular_prazo,
)
from farol.services.comandos import (
    MODELOS_DA_CUSTODIA,
    DadosAcordao,
    DadosAutoPoluicao,
    DadosCiencia,
    DadosConversao,
    DadosConversaoPoluicao,
    DadosCorrecao,
    DadosCumprimentoAcessoria,
    DadosDecisaoComPenalidade,
    DadosDecisaoPoluicao,
    DadosExecucaoDireta,
    DadosLaudo,
    DadosLavratura,
    DadosLevantamento,
    DadosLiberacao,
    DadosMedidaImposta,
    DadosNaoComparecimento,
    DadosPagamento,
    DadosProcurador,
    DadosRestituicao,
    DadosResultadoLeilao,
    DadosRetencao,
    DadosSobrestamento,
    NovoAto,
    modelo_dos_dados,
)
from farol.services.inspecao_do_processo import autoria_notificada
from farol.services.jurisdicao import (
    Ator,
    carregar_processo,
    exigir_competencia,
    exigir_competencia_no_ato,
)
from farol.services.leitura import detalhar as detalhar
from farol.services.mensagens import traduzir
from farol.services.resultados.processo import (
    AnexoResumo,
    AtoRegistrado,
    ProcuradorDoProcesso,
)
from farol.services.unit_of_work import UnitOfWork, caso_de_uso
from farol.store import repositorio
from farol.store.auditoria import HASH_INICIAL, Cabeca, carregar_travado
from farol.store.auditoria import registrar_ato as gravar_ato
from farol.store.consulta_fixa import ConsultaFixa
from farol.store.numeracao import AUTO_DE_INFRACAO, PROCESSO, numero_oficial, proximo_numero
from farol.store.orm import (
    CONTAGEM_NO_ATO,
    OM,
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Custodia,
    Inspecao,
    Pagamento,
    Prazo,
    Processo,
    na_sessao_como_lido,
)
from farol.store.repositorio import AtoLido, PenalidadeLida
from farol.store.secoes import Secoes

__all__ = [
    "NovoAto",
    "abrir_processo",
    "detalhar",
    "recusa_da_data",
    "recusa_sem_fundamentos",
    "registrar_ato",
]


_PRAZO: Table = Prazo.__table__  # type: ignore[assignment]


@cache
def _consulta_do_lido() -> ConsultaFixa:
    """A união de `_secoes_do_lido` com o SQL compilado guardado nela (`ConsultaFixa`: sem o
    hash da estrutura inteira da união no cache do SQLAlchemy a cada ato)."""
    return ConsultaFixa(_secoes_do_lido().consulta)


@cache
def _secoes_do_lido() -> Secoes:
    """O que o registro de um ato lê do processo `processo_id`, numa consulta (`Secoes`,
    montada uma vez; tudo entra como parâmetro): os atos, as penalidades em vigor e os
    pagamentos (`repositorio.consultas_do_lido`); todo prazo que já se abriu, na ordem de
    abertura (`repositorio.prazos_do_processo`), pelo Core; e uma linha com o que o registro
    leria em consultas à parte: a cabeça da cadeia (`seq` e `hash` do último ato), as medidas
    levantáveis (`custodia.medidas_levantaveis`), se o processo tem custódia, o instante da
    inspeção `inspecao_id` (a data do fato), o regime do processo de origem `origem_id` e a
    marca do calendário da OM `om_id`. Eram duas consultas (a dos atos e a dos prazos com os
    fatos, os prazos pelo ORM): no PostgreSQL, cada uma é uma ida e volta ao banco e uma espera
    da thread."""
    pid: Any = bindparam("processo_id")
    origem = aliased(Processo, name="origem")  # "FROM processo AS origem": não é a trava
    ultimo = select(Ato.seq).where(Ato.processo_id == pid).order_by(Ato.seq.desc()).limit(1)
    fatos = select(
        ultimo.scalar_subquery().label("seq"),
        ultimo.with_only_columns(Ato.hash).scalar_subquery().label("hash"),
        custodia.consulta_medidas_levantaveis(pid).label("levantaveis"),
        select(Custodia.processo_id)
        .where(Custodia.processo_id == pid)
        .scalar_subquery()
        .label("custodia"),
        select(Inspecao.data_hora)
        .where(Inspecao.id == bindparam("inspecao_id"))
        .scalar_subquery()
        .label("inspecao"),
        select(origem.regime)
        .where(origem.id == bindparam("origem_id"))
        .scalar_subquery()
        .label("regime_de_origem"),
        *colunas_da_marca(bindparam("om_id")),
    )
    return Secoes(
        {
            **repositorio.consultas_do_lido(pid),
            "prazos": (select(_PRAZO).where(_PRAZO.c.processo_id == pid), _PRAZO.c.id),
            "fatos": (fatos, literal_column("0", Integer)),
        }
    )


def _prazo_na_sessao(s: Session, linha: Any) -> Prazo:
    """O prazo da linha lida pelo Core como objeto da sessão: o que ela já tem (como o ORM o
    daria), ou um novo, posto nela como se lido do banco (as mudanças dele se gravam no flush)."""
    chave = identity_key(Prazo, linha.id)
    na_sessao: Prazo | None = s.identity_map.get(chave)
    if na_sessao is not None:
        return na_sessao
    return na_sessao_como_lido(s, Prazo, linha._asdict())


@dataclass
class _Lido:
    """O processo gravado como o registro de um ato o lê, uma vez por ato e em duas consultas
    (os atos, as penalidades em vigor e os pagamentos numa; os prazos e os fatos de fora dos
    atos na outra, `_consulta_dos_prazos`), para as guardas, as datas, os efeitos e os prazos do
    ato não o lerem de novo. Vale até o ato gravar penalidades: o que se lê depois disso (a
    multa em vigor depois de uma decisão, o prazo das acessórias que ela impõe) vem do banco.
    A cabeça da cadeia só vale para gravar o ato se o processo foi travado antes da leitura
    (`registrar_ato`, `carregar_travado`)."""

    atos: list[AtoLido]
    prazos: list[Prazo]
    vigentes: list[PenalidadeLida]
    pago: Decimal
    cabeca: Cabeca
    medidas_levantaveis: int
    tem_custodia: bool
    inspecao: dt.datetime | None
    regime_de_origem: str | None
    marca_do_calendario: MarcaDoCalendario

    @classmethod
    def ler(cls, s: Session, p: Processo) -> _Lido:
        # pelo Core (as consultas não são do ORM, e o Core não grava o pendente antes de ler:
        # grava-se aqui, como o autoflush do ORM faria)
        s.flush()
        secoes = _secoes_do_lido()
        por_secao = secoes.separar(
            _consulta_do_lido().executar(
                s.connection(),
                {
                    "processo_id": p.id,
                    "inspecao_id": p.inspecao_id,
                    "origem_id": p.origem_id,
                    "om_id": p.om_id,
                },
            )
        )
        atos, vigentes, pago = repositorio.lido_das_secoes(p, por_secao)
        prazos = [_prazo_na_sessao(s, x) for x in por_secao["prazos"]]
        (linha,) = por_secao["fatos"]  # a linha dos fatos vem sempre
        return cls(
            atos,
            prazos,
            vigentes,
            pago,
            cabeca=Cabeca(linha.seq or 0, linha.hash or HASH_INICIAL),
            medidas_levantaveis=int(linha.levantaveis or 0),
            tem_custodia=linha.custodia is not None,
            inspecao=linha.inspecao,
            regime_de_origem=linha.regime_de_origem,
            marca_do_calendario=MarcaDoCalendario(
                p.om_id, linha.om_uf, linha.om_sigla, linha.om_fechamentos, linha.om_ultimo
            ),
        )

    @property
    def historico(self) -> list[tuple[str, dict[str, Any]]]:
        """`repositorio.historico`: tipo e dados de cada ato, na ordem."""
        return [(a.tipo, a.payload) for a in self.atos]

    @property
    def multas(self) -> Decimal:
        """`repositorio.total_multas`."""
        return sum((x.multa or Decimal("0.00") for x in self.vigentes), Decimal("0.00"))

    @property
    def primeiro(self) -> tuple[dt.date, dict[str, Any]] | None:
        """A data e os dados do primeiro ato (para `repositorio.data_do_fato`)."""
        return (self.atos[0].data_ato, self.atos[0].payload) if self.atos else None

    def data_do_fato(
        self, s: Session, p: Processo, primeiro: tuple[dt.date, dict[str, Any]] | None = None
    ) -> dt.date:
        """`repositorio.data_do_fato`, com o instante da inspeção já lido; `primeiro`: o ato que
        abre o processo, se ainda não havia atos lidos."""
        if p.inspecao_id is not None and self.inspecao is not None:
            return data_local(self.inspecao)  # a data da inspeção
        return repositorio.data_do_fato(s, p, self.primeiro or primeiro)


@cache
def _tipos_que_constituem_procurador() -> frozenset[str]:
    """Os tipos de ato que constituem procurador (marca `constitui_procurador`, dados
    `DadosProcurador`) em algum regime: os únicos cujo registro grava um procurador."""
    return frozenset(t for m in carregar_regimes() for t in m.tipos_com("constitui_procurador"))


@cache
def _tipos_com(maquina: Maquina, marca: str) -> frozenset[str]:
    """`maquina.tipos_com` como conjunto, uma vez por regime e marca."""
    return frozenset(maquina.tipos_com(marca))


@cache
def _marcas_de_ato(maquina: Maquina) -> dict[str, frozenset[str]]:
    """As marcas de ato (alvo `ato`) de cada tipo de ato do regime."""
    marcas: dict[str, set[str]] = {}
    for m, marca in maquina.marcas.items():
        if marca.alvo == "ato":
            for tipo in maquina.tipos_com(m):
                marcas.setdefault(tipo, set()).add(m)
    return {tipo: frozenset(ms) for tipo, ms in marcas.items()}


EXIGE_FUNDAMENTOS = "exige_fundamentos"
"""A marca do quadro dos atos que só se registram com os fundamentos do pedido (o recurso)."""
CAMPO_DOS_FUNDAMENTOS = "texto"
"""O campo dos dados do ato (`DadosLivres.texto`) em que se escrevem os fundamentos."""


def recusa_sem_fundamentos(
    maquina: Maquina, tipo: str, dados: Mapping[str, Any], *, com_anexo: bool
) -> EntradaInvalida | None:
    """Por que o ato seria recusado por vir sem os fundamentos do pedido: o tipo tem a marca
    `exige_fundamentos` e não traz texto (`dados.texto`, em branco não conta) nem documento
    anexado. None se os traz ou se o tipo não os exige. A marca e a sua citação estão no quadro
    (Lei 9.784/1999 art. 60: "O recurso interpõe-se por meio de requerimento no qual o
    recorrente deverá expor os fundamentos do pedido de reexame, podendo juntar os documentos
    que julgar convenientes."). A página a junta aos erros de formato do formulário."""
    if com_anexo or not maquina.tem_marca(tipo, EXIGE_FUNDAMENTOS):
        return None
    texto = dados.get(CAMPO_DOS_FUNDAMENTOS)
    # em branco não conta, nem o caractere invisível (espaço de largura zero) ou a pontuação sozinha
    if isinstance(texto, str) and any(c.isalnum() for c in texto):
        return None
    return EntradaInvalida(
        f'o ato "{maquina.nome_do_ato(tipo)}" veio sem os fundamentos do pedido de '
        "reexame (texto vazio e nenhum documento anexado): escreva-os no texto ou anexe o "
        "documento que os expõe",
        campo=f"dados.{CAMPO_DOS_FUNDAMENTOS}",
        regra=maquina.marca(EXIGE_FUNDAMENTOS).fontes[0].referencia(),
    )


def _validar_dados(maquina: Maquina, tipo: str, dados: dict[str, Any]) -> Any:
    """Os dados no modelo do tipo do ato; inválidos, todas as recusas de uma vez."""
    modelo = modelo_dos_dados(maquina, tipo)
    try:
        return modelo.model_validate(dados)
    except ValidationError as e:
        recusar_juntos(
            [
                EntradaInvalida(
                    traduzir(erro),
                    campo=".".join(str(p) for p in ("dados", *erro.get("loc", ()))),
                    consulte=consulte_do_item(erro),
                )
                for erro in e.errors()
            ]
        )
        raise AssertionError("ValidationError sem erro") from None


def _abrir_prazo(
    s: Session,
    p: Processo,
    ato: Ato,
    regra: str,
    inicio: dt.date,
    calendario: Calendario,
    data_do_fato: dt.date,
) -> Prazo:
    """Abre o prazo `regra` do processo no `inicio`, com o calendário da OM e a data do fato
    (lidos uma vez por ato por quem chama, `_mover_prazos`); o prazo da decisão de um recurso,
    com o calendário da OM de quem decide (`om_que_decide`), se não é a do processo."""
    etapa = regra.rsplit(".", 1)[-1]
    decide = om_que_decide(s, p.om_id, p.regime, etapa, inicio)
    if decide is not None:
        calendario = calendario_da_om(s, decide)
    informado = (ato.payload or {}).get(transicao.campo_fixado_no_ato(p.regime, etapa) or "")
    fixado = transicao.prazo_fixado_no_ato(
        p.regime,
        etapa,
        inicio,
        dt.date.fromisoformat(informado) if informado else None,
        calendario,
    )
    regra_do_prazo = regra_prazo(p.regime, etapa)
    if fixado is None and regra_do_prazo.vence_no_ato:
        fixado = _vencimento_fixado_no_ato(regra_do_prazo, ato, inicio)
    if fixado is not None:  # a norma em vigor no ato deixava a data à autoridade
        vencimento, fundamentos = fixado
        prazo = Prazo(
            processo_id=p.id,
            om_id=p.om_id,
            calendario_om_id=None if decide is None else decide.id,
            ato_id=ato.id,
            etapa=etapa,
            regime=p.regime,
            inicio=inicio,
            vencimento=vencimento,
            contagem=CONTAGEM_NO_ATO,
            dias=(vencimento - inicio).days,
            fundamentos=list(fundamentos),
            dias_nao_uteis=[],
        )
    else:
        # prazo cujo número de dias a decisão fixa (prazo.lesta.acessoria): o das acessórias
        dias_fixados = (
            max(
                (int(a.get("prazo_dias") or 0) for a in repositorio.acessorias_impostas(s, p)),
                default=0,
            )
            if regra_do_prazo.dias_da_decisao
            else 0
        )
        r = calcular_prazo(
            etapa,
            inicio,
            regime=p.regime,
            calendario=calendario,
            dias_fixados=dias_fixados or None,
        )
        prazo = Prazo(
            processo_id=p.id,
            om_id=p.om_id,
            calendario_om_id=None if decide is None else decide.id,
            ato_id=ato.id,
            etapa=etapa,
            regime=p.regime,
            inicio=r.inicio,
            vencimento=r.vencimento,
            contagem=r.contagem,
            dias=r.dias,
            fundamentos=list(r.fundamentos),
            dias_nao_uteis=r.dias_nao_uteis_json(),
        )
    nota = transicao.nota_do_prazo(p.regime, data_do_fato, prazo.inicio, prazo.vencimento)
    if nota is not None:
        prazo.transicao = {
            "mudanca": nota.mudanca,
            "texto": nota.texto,
            "fundamento": nota.fundamento,
        }
    s.add(prazo)
    return prazo


def _vencimento_fixado_no_ato(
    regra: RegraPrazo, ato: Ato, inicio: dt.date
) -> tuple[dt.date, tuple[str, ...]] | None:
    """O vencimento de um prazo que a norma não fixa e o ato fixa (a data do leilão no Edital,
    NORMAM-07 item 0313, Anexo 3-G): a data do campo que a versão em vigor nomeia."""
    versao, valor = regra.vigente(inicio, campo="data_ato")
    if valor.vence_na_data_do_ato is None:
        return None
    campo = valor.vence_na_data_do_ato
    informado = (ato.payload or {}).get(campo)
    if not informado:
        raise EntradaInvalida(
            f"informe a data que vence o prazo ({regra.descricao.lower()})",
            campo=f"dados.{campo}",
            regra=versao.fonte.referencia(),
        )
    vencimento = dt.date.fromisoformat(str(informado))
    if vencimento <= inicio:
        raise EntradaInvalida(
            f"a data de dados.{campo} ({vencimento:%d/%m/%Y}) deve vir depois da do ato "
            f"({inicio:%d/%m/%Y})",
            campo=f"dados.{campo}",
            regra=versao.fonte.referencia(),
        )
    return vencimento, (
        versao.fonte.referencia(),
        *(c.referencia() for c in valor.adicionais),
    )


def _conferir_datas(
    s: Session, p: Processo, data_ato: dt.date, atos: list[AtoLido] | None = None
) -> None:
    """A data do ato não é futura nem anterior à do último ato do procedimento. `atos`: os atos
    do processo, se o chamador já os leu."""
    if data_ato > hoje():
        raise EntradaInvalida(
            f"a data do ato ({data_ato:%d/%m/%Y}) não pode ser futura", campo="data_ato"
        )
    # a emissão de um documento (ato do sistema) não é ato do procedimento
    sistema = atos_do_sistema().tipos
    ultimo: tuple[dt.date, str] | None
    if atos is None:
        linha = s.execute(
            select(Ato.data_ato, Ato.tipo)
            .where(Ato.processo_id == p.id, Ato.tipo.not_in(sistema))
            .order_by(Ato.seq.desc())
        ).first()
        ultimo = None if linha is None else (linha[0], linha[1])
    else:
        ultimo = next(((a.data_ato, a.tipo) for a in reversed(atos) if a.tipo not in sistema), None)
    if ultimo is not None and data_ato < ultimo[0]:
        raise EntradaInvalida(
            f"a data do ato ({data_ato:%d/%m/%Y}) é anterior à do ato que ele sucede "
            f"({carregar_regime(p.regime).nome_do_ato(ultimo[1])}, {ultimo[0]:%d/%m/%Y})",
            campo="data_ato",
        )


def _aberto_por_conversao(p: Processo, regime_de_origem: str | None) -> bool:
    """O processo se abriu pela conclusão de outro procedimento (o de `regime_de_origem`), por
    um ato que declara abrir este regime (`abre_regime`: a apuração e o inquérito abrem o da
    LESTA): a Notificação se lavrou na OM, sem o notificado."""
    return regime_de_origem is not None and any(
        t.abre_regime == p.regime for t in carregar_regime(regime_de_origem).transicoes
    )


def _contexto(
    s: Session,
    p: Processo,
    maquina: Maquina,
    cmd: NovoAto,
    dados: Any,
    lido: _Lido | None = None,
    ator: Ator | None = None,
) -> ContextoAto:
    # `ator`: quem registra ou vê o ato; as mensagens das guardas que dizem dados de outras OMs
    # (os débitos do proprietário na entrega) os descrevem como ele pode vê-los
    # uma leitura dos atos, dos prazos (os em curso e todos os que já se abriram), das
    # penalidades em vigor e dos pagamentos; o registro a passa pronta (`lido`)
    if lido is None:
        lido = _Lido.ler(s, p)
    todos = lido.prazos
    anterior = _estado_anterior(maquina, lido.atos)
    vencimentos = {
        id_prazo(x.regime, x.etapa): x.vencimento for x in todos if x.encerrado_em is None
    }
    sobrestamento = isinstance(dados, DadosSobrestamento)
    multas, pago = lido.multas, lido.pago
    historico = lido.historico
    fatos = fatos_do_recurso(maquina, historico)
    pendentes = acessorias_pendentes(s, p, maquina, historico, lido.vigentes)
    tipos_praticados = {a.tipo for a in lido.atos}
    marcas_de_ato = _marcas_de_ato(maquina)
    return ContextoAto(
        data_ato=cmd.data_ato,
        vencimentos=vencimentos,
        multa_imposta=multas > 0,
        multa_paga=pago > 0,
        valor_devido=multas - pago,
        recurso_pendente=p.estado in maquina.estados_com("recurso_pendente"),
        efeito_suspensivo=fatos.efeito_suspensivo,
        penalidade_reformada=fatos.penalidade_reformada,
        divida_ativa_encaminhada=fatos.divida_ativa_encaminhada,
        restituicao_pendente=fatos.restituicao_pendente,
        acessorias_pendentes=tuple(a["tipo"] for a in pendentes),
        acessorias_do_infrator=tuple(a["tipo"] for a in pendentes if a["executor"] == "infrator"),
        prazos_ja_abertos=frozenset(id_prazo(x.regime, x.etapa) for x in todos),
        marcas_praticadas=frozenset(
            m for tipo in tipos_praticados for m in marcas_de_ato.get(tipo, ())
        ),
        retencao_vigente=_retencao_vigente(maquina, historico),
        medidas_levantaveis=lido.medidas_levantaveis,
        custodia=custodia.fatos(
            s,
            p,
            cmd.data_ato,
            tem_custodia=lido.tem_custodia,
            com_debitos=maquina.tem_marca(cmd.tipo, "entrega_bem"),
            vistos_por=ator,
        ),
        prescricoes=_prescricoes(s, p, lido),
        arquivamentos=maquina.arquivamentos(p.estado),
        esclarecimentos_prestados=bool(
            tipos_praticados & _tipos_com(maquina, "presta_esclarecimentos")
        ),
        notificacao_a_entregar=_aberto_por_conversao(p, lido.regime_de_origem),
        inquerito_acidente_pendente=sobrestamento
        or (p.sobrestado and not maquina.tem_marca(cmd.tipo, "levanta_sobrestamento")),
        infracao_de_poluicao=bool(sobrestamento and dados.poluicao),
        estado_anterior_ao_sobrestamento=anterior,
        prazos_do_estado_anterior=(
            maquina.estados[anterior].prazos
            if anterior is not None and anterior in maquina.estados
            else ()
        ),
    )


def _prescricoes(
    s: Session,
    p: Processo,
    lido: _Lido,
    antes_do_seq: int | None = None,
    datas: Mapping[int, dt.date] | None = None,
) -> tuple[Prescricao, ...]:
    """As prescrições que correm no processo (Lei 9.873/1999 art. 1º e § 1º), pela conta dos
    alertas (`prescricoes_do_processo`): a quinquenal do marco (`marco_da_prescricao`) e a
    intercorrente do último ato do procedimento (a emissão de documento, ato do sistema, não
    o move); com `antes_do_seq`, só pelos atos anteriores a esse (o corrigido); com `datas`
    (seq -> data), com as datas dadas no lugar das gravadas (a correção em exame)."""
    sistema = atos_do_sistema().tipos
    datas = datas or {}
    atos = [
        (a.tipo, datas.get(a.seq, a.data_ato))
        for a in lido.atos
        if a.tipo not in sistema and (antes_do_seq is None or a.seq < antes_do_seq)
    ]
    marco = repositorio.marco_da_prescricao(s, p, atos, lido.data_do_fato(s, p))
    return tuple(prescricoes_do_processo(marco, atos[-1][1] if atos else None))


def _estado_anterior(maquina: Maquina, atos: list[AtoLido]) -> str | None:
    """O estado guardado pelo último ato que sobrestou o processo (None se nunca se sobrestou):
    o de retorno do levantamento e da ciência dele."""
    abre = _tipos_com(maquina, "abre_sobrestamento")
    payload = next((a.payload for a in reversed(atos) if a.tipo in abre), None)
    return None if payload is None else str(payload.get("estado_anterior"))


ProcessoLido = _Lido
"""O processo como o registro de um ato o lê (`ler_processo`)."""


def ler_processo(s: Session, p: Processo) -> _Lido:
    """O processo como o registro de um ato o lê (duas consultas): passado a `contexto_do_ato`,
    vale para avaliar qualquer ato em qualquer data sem ler o processo de novo, enquanto nada for
    gravado nele."""
    return _Lido.ler(s, p)


def contexto_do_ato(
    s: Session,
    p: Processo,
    maquina: Maquina,
    tipo: str,
    data_ato: dt.date,
    dados: Any = None,
    lido: _Lido | None = None,
    ator: Ator | None = None,
) -> ContextoAto:
    """Os fatos que as guardas do ato `tipo` leem na `data_ato`, pela mesma leitura do registro
    (`services.atos_possiveis` avalia com ela o que cabe hoje e a partir de quando); `lido`: o
    processo já lido (`ler_processo`), para não o ler de novo a cada ato e a cada data; `ator`:
    quem lerá os motivos das recusas (os débitos de outras OMs sem o número do processo)."""
    return _contexto(s, p, maquina, NovoAto(tipo=tipo, data_ato=data_ato), dados, lido, ator)


@caso_de_uso()
def recusa_da_data(
    s: Session, ator: Ator, processo_id: int, data_ato: dt.date
) -> EntradaInvalida | None:
    """Por que a data do ato seria recusada (futura, ou anterior ao ato que ele sucede), sem
    registrar nada; None se ela serve. A página a mostra junto com os erros de formato do
    formulário, para o usuário corrigir tudo de uma vez."""
    p = carregar_processo(s, ator, processo_id)
    try:
        _conferir_datas(s, p, data_ato)
    except EntradaInvalida as e:
        return e
    return None


def registrar_ato(
    s: Session, ator: Ator, processo_id: int, cmd: NovoAto, *, com_anexo: bool = False
) -> AtoRegistrado:
    """`com_anexo`: o ato vem com um documento anexado (`registrar`), que pode trazer os
    fundamentos que o ato exige (`recusa_sem_fundamentos`)."""
    # lido e travado numa consulta (no PostgreSQL, SELECT ... FOR UPDATE): o que se lê dele
    # depois, a cabeça da cadeia inclusive, já é o do último ato gravado; a jurisdição se confere
    # no processo já carregado (o mapa de identidade, sem outra consulta: `travado` o segura lá)
    travado = carregar_travado(s, processo_id)
    p = carregar_processo(s, ator, processo_id)
    assert p is travado
    exigir_competencia(s, ator, p)  # a Autoridade Competente da sede não trata os da Delegacia
    if cmd.versao is not None and cmd.versao != p.versao:
        raise Conflito(
            f"o processo mudou desde que foi lido (versão {cmd.versao}, atual {p.versao}); "
            "recarregue e tente de novo",
            campo="versao",
        )
    maquina = carregar_regime(p.regime)
    corrige = _tipo_corrigido(s, p, maquina, cmd)
    # o Capitão dos Portos, no processo da Delegacia, só os atos do recurso (e só os corrige)
    declarada = maquina.transicao_do_tipo(corrige or cmd.tipo)
    if declarada is not None and not declarada.e_correcao:
        exigir_competencia_no_ato(s, ator, p, declarada.nome, declarada.papeis)
    maquina.transicao(p.estado, cmd.tipo, ator.papel, corrige=corrige)  # ordem e papel: 409
    lido = _Lido.ler(s, p)
    # os dados e a data conferidos juntos: as recusas de ambos vão de uma vez
    recusas: list[ErroFarol] = []
    try:
        dados = _validar_dados(maquina, cmd.tipo, cmd.dados)
    except EntradasInvalidas as e:
        recusas.extend(e.erros)
    except EntradaInvalida as e:
        recusas.append(e)
    sem_fundamentos = recusa_sem_fundamentos(maquina, cmd.tipo, cmd.dados, com_anexo=com_anexo)
    if sem_fundamentos is not None:
        recusas.append(sem_fundamentos)
    try:
        _conferir_datas(s, p, cmd.data_ato, lido.atos)
    except EntradaInvalida as e:
        recusas.append(e)
    recusar_juntos(recusas)
    r = maquina.aplicar(
        p.estado,
        cmd.tipo,
        ator.papel,
        _contexto(s, p, maquina, cmd, dados, lido, ator),
        corrige=corrige,
    )

    payload: dict[str, Any] = dados.model_dump(mode="json", exclude_none=True)
    efeitos = _efeitos_antes(s, ator, p, cmd, dados, payload, lido)
    if maquina.tem_marca(cmd.tipo, "abre_sobrestamento"):
        payload["estado_anterior"] = p.estado
    # a correção que leva o ato para depois do prazo leva os sinais dele (`_corrigir_data`)
    sinalizadores = list(
        dict.fromkeys([*r.sinalizadores, *payload.pop("sinalizadores_na_data_corrigida", ())])
    )
    intempestivo = "intempestivo" in sinalizadores
    if sinalizadores:
        payload["sinalizadores"] = sinalizadores

    ato = gravar_ato(
        s,
        p,
        tipo=cmd.tipo,
        ator_id=ator.usuario_id,
        papel=ator.papel,
        data_ato=cmd.data_ato,
        payload=payload,
        corrige_ato_id=cmd.corrige_ato_id,
        intempestivo=intempestivo,
        cabeca=lido.cabeca,
    )
    _efeitos_depois(s, p, ato, cmd, dados, efeitos)
    _mover_prazos(s, p, ato, r, cmd.data_ato, intempestivo, lido)
    p.estado = r.estado_destino
    flag_modified(p, "estado")  # todo ato muda a versão, mesmo sem mudar o estado (trava otimista)
    if maquina.tem_marca(cmd.tipo, "abre_sobrestamento"):
        p.sobrestado = True
    elif maquina.tem_marca(cmd.tipo, "levanta_sobrestamento"):
        p.sobrestado = False
    s.flush()
    if maquina.tem_marca(cmd.tipo, "decisao"):
        # o que se lê de novo é só a multa em vigor: o pago não muda com a decisão (só o ato de
        # pagamento o muda) e os atos são os já lidos e este
        efeitos.update(
            _reconhecer_restituicao(
                s,
                ator,
                p,
                maquina,
                cmd.data_ato,
                pago=None if isinstance(dados, DadosPagamento) else lido.pago,
                historico=[*lido.historico, (ato.tipo, dict(ato.payload or {}))],
            )
        )
    if isinstance(dados, (DadosConversao, DadosConversaoPoluicao)):
        efeitos.update(_abrir_sancionador(s, ator, p, maquina, cmd, dados))
    if isinstance(dados, DadosResultadoLeilao):
        _pagar_multas_com_o_produto(s, ator, p, ato, efeitos)
    resposta = {
        "ato": {
            "id": ato.id,
            "seq": ato.seq,
            "tipo": ato.tipo,
            "data_ato": ato.data_ato.isoformat(),
            "intempestivo": ato.intempestivo,
            "sinalizadores": sinalizadores,
            "hash": ato.hash,
            "fundamentos": list(r.fundamentos),
        },
        "processo": {"id": p.id, "numero": p.numero, "estado": p.estado, "versao": p.versao},
        **efeitos,
    }
    return AtoRegistrado.model_validate(resposta)


def _retencao_vigente(maquina: Maquina, historico: list[tuple[str, Any]]) -> bool:
    """O último ato de retenção ou de liberação da embarcação é uma retenção."""
    retem = _tipos_com(maquina, "retem_embarcacao")
    libera = _tipos_com(maquina, "libera_embarcacao")
    vigente = False
    for tipo, _ in historico:
        if tipo in retem:
            vigente = True
        elif tipo in libera:
            vigente = False
    return vigente


def _recusa_do_pagamento(
    s: Session, ator: Ator, origem: Processo, data_ato: dt.date, valor: Decimal
) -> str | None:
    """Por que o pagamento da multa (marca `paga_multa`) no valor dado não caberia no processo
    `origem` na data (o quadro do regime: a ordem, o papel, as guardas, a data), ou None se
    cabe. A multa encaminhada à dívida ativa não se paga à OM (`divida_ativa_nao_encaminhada`;
    a cobrança é da PGFN, NORMAM-07 item 0314)."""
    maquina = carregar_regime(origem.regime)
    tipo = maquina.tipo_com("paga_multa")
    dados = DadosPagamento(valor=valor, referencia=REFERENCIA_DO_LEILAO)
    lido = _Lido.ler(s, origem)
    fatos = fatos_do_recurso(maquina, lido.historico)
    if fatos.divida_ativa_encaminhada:
        return (
            "a multa foi encaminhada para inscrição em dívida ativa: a cobrança é do Procurador "
            f"da Fazenda Nacional, não da OM ({citacao('cobranca_divida_ativa').referencia()})"
        )
    if fatos.efeito_suspensivo:
        # o pagamento voluntário com o recurso pendente cabe; o desconto do produto, não: a
        # multa de exigibilidade suspensa não é das "multas e taxas devidas" (NORMAM-07 item
        # 0312 a 3)
        return (
            "o recurso tem efeito suspensivo: a multa não é exigível até a decisão "
            f"({citacao('efeito_suspensivo_concedido').referencia()})"
        )
    try:
        carregar_processo(s, ator, origem.id)
        exigir_competencia(s, ator, origem)
        t = maquina.transicao(origem.estado, tipo, ator.papel)
        _conferir_datas(s, origem, data_ato, lido.atos)
    except ErroFarol as e:
        return f"{e.mensagem} ({e.regra})" if e.regra else e.mensagem
    contexto = _contexto(
        s, origem, maquina, NovoAto(tipo=tipo, data_ato=data_ato), dados, lido, ator
    )
    for nome in t.guardas:  # a ordem do quadro, como no registro (`Maquina.aplicar`)
        a = avaliar_guarda(nome, t, contexto, maquina.regime)
        if not a.permitido:
            return f"{a.motivo} ({a.regra or t.fonte.referencia()})"
    return None


REFERENCIA_DO_LEILAO = "produto do leilão"
"""O início da referência do pagamento da multa com o produto do leilão (`DadosPagamento`)."""


def _pagar_multas_com_o_produto(
    s: Session, ator: Ator, p: Processo, ato: Ato, efeitos: dict[str, Any]
) -> None:
    """A multa que o destino do produto do leilão deduziu (`custodia._destinacao`) se paga no
    processo em que foi imposta, pelo mesmo registro do pagamento (a cadeia, os prazos e o
    resumo dele), com a data do leilão e a referência do processo de custódia; antes, o
    produto a retinha e o processo de origem a cobrava de novo."""
    pagas: list[dict[str, Any]] = []
    for x in (ato.payload or {}).get("destinacao", {}).get("multas_pagas", []):
        origem = s.get(Processo, x["processo_id"])
        assert origem is not None
        tipo = carregar_regime(origem.regime).tipo_com("paga_multa")
        r = registrar_ato(
            s,
            ator,
            origem.id,
            NovoAto(
                tipo=tipo,
                data_ato=ato.data_ato,
                dados={
                    "valor": x["valor"],
                    "referencia": f"{REFERENCIA_DO_LEILAO} (custódia {p.numero}, ato {ato.seq})",
                },
            ),
        )
        pagas.append({**x, "ato_id": r.ato.id})  # o registro gravado (e o seu hash) não muda
    if "destinacao" in efeitos:
        efeitos["destinacao"] = {**efeitos["destinacao"], "multas_pagas": pagas}


def _abrir_sancionador(
    s: Session,
    ator: Ator,
    p: Processo,
    maquina: Maquina,
    cmd: NovoAto,
    dados: DadosConversao | DadosConversaoPoluicao,
) -> dict[str, Any]:
    """A conclusão da apuração ou do inquérito abre o procedimento sancionador do regime que o
    ato declara no quadro (`abre_regime`), ligado a este pela origem, pelo ato de abertura
    dele: no da LESTA, a Notificação para Comparecimento do investigado pelas infrações
    constatadas; no ambiental (NORMAM-401 item 1.2 b e c), o Auto de Infração por poluição,
    com a data do fato apurado e a fundamentação da conclusão."""
    t = maquina.transicao_do_tipo(cmd.tipo)
    regime = t.abre_regime if t is not None else None
    if regime is None or not maquina.tem_marca(cmd.tipo, ABRE_PROCESSO_SANCIONADOR):
        raise EntradaInvalida(  # pragma: no cover - a carga do quadro o recusa (validar_quadro)
            f'o ato "{maquina.nome_do_ato(cmd.tipo)}" do procedimento "{maquina.nome}" não '
            "declara o procedimento que abre",
            campo="tipo",
        )
    om = s.get(OM, p.om_id)
    assert om is not None
    assert p.autuado_id is not None  # a apuração e o inquérito sempre têm investigado
    abertura: dict[str, Any]
    if isinstance(dados, DadosConversaoPoluicao):
        abertura = {
            **dados.model_dump(mode="json", exclude_none=True),
            "data_fato": repositorio.data_do_fato(s, p).isoformat(),
        }
    else:
        abertura = {
            "texto": "Notificação para Comparecimento: " + ", ".join(dados.infracoes),
            **(
                {"comparecimento_em": dados.comparecimento_em.isoformat()}
                if dados.comparecimento_em
                else {}
            ),
        }
    novo = abrir_processo(
        s,
        ator,
        om=om,
        autuado_id=p.autuado_id,
        embarcacao_id=p.embarcacao_id,
        inspecao_id=None,
        data_ato=cmd.data_ato,
        dados_notificacao=abertura,
        regime=regime,
        origem_id=p.id,
    )
    return {"processo_aberto": {"id": novo.id, "numero": novo.numero, "regime": regime}}


def _conferir_intimacao(data_ato: dt.date, dados: DadosNaoComparecimento, lido: _Lido) -> None:
    """A intimação para comparecer vem depois do último ato (o LTA recebido), o prazo dela
    termina depois dela, e o ato do não comparecimento tem a data desse último dia (NORMAM-401
    item 1.4.2 d: a defesa corre "ao final do prazo estipulado na intimação")."""
    anterior = max((a.data_ato for a in lido.atos), default=None)
    if anterior is not None and dados.intimado_em < anterior:
        raise EntradaInvalida(
            f"a intimação ({data_br(dados.intimado_em)}) é anterior ao último ato do processo "
            f"({data_br(anterior)}): intima-se para a ciência do LTA já recebido",
            campo="dados.intimado_em",
        )
    if dados.comparecer_ate <= dados.intimado_em:
        raise EntradaInvalida(
            f"o prazo da intimação ({data_br(dados.comparecer_ate)}) não vem depois dela "
            f"({data_br(dados.intimado_em)}): a defesa só corre ao final do prazo estipulado",
            campo="dados.comparecer_ate",
        )
    if data_ato != dados.comparecer_ate:
        raise EntradaInvalida(
            f"o ato tem a data do último dia do prazo da intimação "
            f"({data_br(dados.comparecer_ate)}), não {data_br(data_ato)}: a defesa corre do "
            "final desse prazo",
            campo="data_ato",
        )


def _conferir_conversao(s: Session, p: Processo, cmd: NovoAto, dados: DadosConversao) -> None:
    """As infrações constatadas existem e vigoravam no fato, e a ação punitiva não prescreveu,
    contada do último ato que a interrompeu (Lei 9.873/1999 arts. 1º e 2º)."""
    fato = repositorio.data_do_fato(s, p)
    for n, codigo in enumerate(dados.infracoes):
        if codigo not in catalogo().infracoes:
            raise EntradaInvalida(
                infracao_desconhecida(codigo),
                campo=f"dados.infracoes.{n}",
                consulte=CATALOGO_DE_INFRACOES,
            )
    exigir_vigencia_do_fato(fato, dados.infracoes, campo="dados.infracoes")
    exigir_nao_prescrito(repositorio.marco_da_prescricao(s, p), cmd.data_ato, campo="data_ato")


def acessorias_pendentes(
    s: Session,
    p: Processo,
    maquina: Maquina,
    historico: list[tuple[str, dict[str, Any]]] | None = None,
    em_vigor: list[PenalidadeLida] | None = None,
) -> list[dict[str, Any]]:
    """As acessórias impostas ainda não cumpridas nem executadas (atos com as marcas
    `cumpre_acessoria` e `executa_acessoria`, que listam os tipos em `dados.tipos`).
    `historico` e `em_vigor`: o já lido pelo chamador (`repositorio.historico` e
    `repositorio.vigentes`), para não o ler de novo."""
    marcas = [m for m in ("cumpre_acessoria", "executa_acessoria") if m in maquina.marcas]
    cumprem = frozenset().union(*(_tipos_com(maquina, m) for m in marcas))
    feitas = {
        str(t)
        for tipo, dados in (repositorio.historico(s, p) if historico is None else historico)
        if tipo in cumprem
        for t in dados.get("tipos", [])
    }
    return [a for a in repositorio.acessorias_impostas(s, p, em_vigor) if a["tipo"] not in feitas]


def _validar_acessorias_do_ato(
    s: Session, p: Processo, dados: DadosCumprimentoAcessoria | DadosExecucaoDireta, lido: _Lido
) -> None:
    pendentes = {
        a["tipo"]: a
        for a in acessorias_pendentes(
            s, p, carregar_regime(p.regime), lido.historico, lido.vigentes
        )
    }
    estranhas = [t for t in dados.tipos if t not in pendentes]
    if estranhas:
        raise EntradaInvalida(
            f"acessória não pendente neste processo: {nomes_das_acessorias(estranhas)} "
            f"(pendentes: {nomes_das_acessorias(pendentes)})",
            campo="dados.tipos",
        )
    if isinstance(dados, DadosExecucaoDireta):
        tipos = tipos_de_acessoria()
        sem_execucao = [t for t in dados.tipos if not tipos[t].execucao_direta]
        if sem_execucao:
            raise EntradaInvalida(
                f"a norma não prevê execução direta de: {nomes_das_acessorias(sem_execucao)}",
                campo="dados.tipos",
                regra="; ".join(tipos[t].fundamento for t in sem_execucao),
            )
    faltando = [
        t for t, a in pendentes.items() if a["executor"] == "infrator" and t not in dados.tipos
    ]
    if faltando:
        raise EntradaInvalida(
            "o ato encerra o prazo das acessórias: registre todas as pendentes do infrator "
            f"(faltam: {nomes_das_acessorias(faltando)})",
            campo="dados.tipos",
        )


def restituicao_a_reconhecer(
    s: Session,
    p: Processo,
    maquina: Maquina,
    *,
    pago: Decimal | None = None,
    historico: list[tuple[str, dict[str, Any]]] | None = None,
) -> Decimal:
    """O valor pago acima da multa em vigor que ainda não tem ato de restituição devida.
    `pago` e `historico`: o total pago e os atos, se o chamador já os leu."""
    if pago is None:
        pago = repositorio.total_pago(s, p)
    if historico is None:
        historico = repositorio.historico(s, p)
    excedente = pago - repositorio.total_multas(s, p)
    reconhecida = fatos_do_recurso(maquina, historico).restituicao_reconhecida
    return max(excedente - reconhecida, Decimal("0.00"))


def _reconhecer_restituicao(
    s: Session,
    ator: Ator,
    p: Processo,
    maquina: Maquina,
    data_ato: dt.date,
    *,
    pago: Decimal | None = None,
    historico: list[tuple[str, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """A decisão que deixa o valor pago acima do devido registra, no mesmo ato de gravação, a
    restituição devida ao pagador (marca `reconhece_restituicao`), com o valor exato."""
    if "reconhece_restituicao" not in maquina.marcas:
        return {}
    valor = restituicao_a_reconhecer(s, p, maquina, pago=pago, historico=historico)
    if valor <= 0:
        return {}
    r = registrar_ato(
        s,
        ator,
        p.id,
        NovoAto(
            tipo=maquina.tipo_com("reconhece_restituicao"),
            data_ato=data_ato,
            dados={"valor": str(valor)},
        ),
    )
    return {"restituicao": {"ato_id": r.ato.id, "valor": str(valor)}}


def _tipo_corrigido(s: Session, p: Processo, maquina: Maquina, cmd: NovoAto) -> str | None:
    if not maquina.e_correcao(cmd.tipo):
        if cmd.corrige_ato_id is not None:
            raise EntradaInvalida(
                "corrige_ato_id só se informa num ato de correção", campo="corrige_ato_id"
            )
        return None
    if cmd.corrige_ato_id is None:
        raise EntradaInvalida("informe o ato corrigido", campo="corrige_ato_id")
    original = s.get(Ato, cmd.corrige_ato_id)
    if original is None or original.processo_id != p.id:
        raise EntradaInvalida(
            "o ato corrigido não pertence a este processo", campo="corrige_ato_id"
        )
    return original.tipo


def _mover_prazos(
    s: Session,
    p: Processo,
    ato: Ato,
    r: Resultado,
    data_ato: dt.date,
    intempestivo: bool,
    lido: _Lido,
) -> None:
    # os prazos já lidos (`repositorio.prazos_abertos`: o último aberto de cada etapa)
    abertos = {f"prazo.{x.regime}.{x.etapa}": x for x in lido.prazos if x.encerrado_em is None}
    # o prazo do ato e o que o prorrogou (o inquérito concluído na prorrogação a cumpriu)
    prazos_do_ato = carregar_regime(p.regime).prazos_do_ato(r.transicao)
    # Um prazo que o ato abre de novo substitui o da mesma etapa ainda aberto (ex.: a ciência da
    # decisão que reformou a multa abre novo prazo de pagamento para o novo valor).
    for regra in r.prazos_iniciados:
        if regra in abertos and regra not in r.prazos_encerrados:
            abertos[regra].encerrado_em = data_ato
            abertos[regra].encerrado_por_ato_id = ato.id
            abertos[regra].cumprido = False
    for regra in r.prazos_encerrados:
        prazo = abertos.get(regra)
        if prazo is not None:
            prazo.encerrado_em = data_ato
            prazo.encerrado_por_ato_id = ato.id
            # cumprido: o próprio ato que o prazo esperava foi praticado a tempo. Um prazo
            # encerrado por outro ato (revelia, recurso que suspende o pagamento, dívida ativa,
            # lavratura após o comparecimento) fica encerrado, mas não cumprido.
            prazo.cumprido = regra in prazos_do_ato and not intempestivo
    # Um prazo que o quadro conta do vencimento de outro (ex.: o julgamento, "contados da data
    # da expiração do prazo para apresentação da defesa", NORMAM-2023 item 3.6.3 b) começa
    # nesse vencimento; os demais, na data do ato.
    contado_de = dict(r.contados_do_vencimento)
    if not r.prazos_iniciados:
        return
    # uma vez por ato, qualquer que seja o número de prazos; do cache, com a marca já lida
    calendario = calendario_pela_marca(s, lido.marca_do_calendario)
    # o primeiro ato: o já lido, ou este, se é o que abre o processo
    data_do_fato = lido.data_do_fato(s, p, (ato.data_ato, ato.payload))
    prazos = list(lido.prazos)  # e os que este ato abre, na ordem (`repositorio.ultimo_prazo`)
    for regra in r.prazos_iniciados:
        inicio = data_ato
        anterior = contado_de.get(regra)
        if anterior is not None:
            etapa = anterior.rsplit(".", 1)[-1]
            vencido = next((x for x in reversed(prazos) if x.etapa == etapa), None)
            if vencido is not None:
                inicio = vencido.vencimento
        prazos.append(_abrir_prazo(s, p, ato, regra, inicio, calendario, data_do_fato))


def _conferir_autoria(
    s: Session, p: Processo, dados: DadosLavratura, payload: dict[str, Any]
) -> None:
    """O auto segue a Notificação para Comparecimento (Norma de 2023, item 3.6.1): a infração
    que ele imputa em papel diferente do notificado (o notificado como proprietário autuado
    como Comandante, que a suspensão alcança) exige o motivo (Lei 9.784 art. 50, II), e o ato
    grava as mudanças (`autoria_mudada`)."""
    notificada = autoria_notificada(s, p)
    autores = catalogo().autores
    mudadas = [  # o autor_tipo já resolvido (o único admitido, se omitido)
        {"infracao": i.infracao, "notificada": notificada[i.infracao], "lavrada": str(i.autor_tipo)}
        for i in dados.infracoes
        if i.infracao in notificada and i.autor_tipo != notificada[i.infracao]
    ]
    if not mudadas:
        return
    if dados.motivo_autoria is None:
        quais = "; ".join(
            f"{m['infracao']} como {autores[m['lavrada']].nome}, notificada como "
            f"{autores[m['notificada']].nome}"
            for m in mudadas
        )
        raise EntradaInvalida(
            f"o auto imputa em papel diferente do da Notificação para Comparecimento ({quais}): "
            "a mudança da autoria exige o motivo",
            campo="dados.motivo_autoria",
            regra=referencias(citacao("auto_apos_esclarecimentos"), citacao("motivacao_da_sancao")),
        )
    payload["autoria_mudada"] = mudadas


def _efeitos_antes(
    s: Session,
    ator: Ator,
    p: Processo,
    cmd: NovoAto,
    dados: Any,
    payload: dict[str, Any],
    lido: _Lido,
) -> dict[str, Any]:
    if isinstance(dados, DadosLevantamento):
        custodia.levantar_medida(s, p, cmd.data_ato, dados.medida_id)
        return {}
    if isinstance(dados, MODELOS_DA_CUSTODIA):

        def cabe(origem: Processo, valor: Decimal) -> str | None:
            return _recusa_do_pagamento(s, ator, origem, cmd.data_ato, valor)

        return custodia.efeitos_antes(s, p, cmd.tipo, cmd.data_ato, dados, payload, cabe)
    if isinstance(dados, DadosAutoPoluicao):
        return poluicao.preparar_auto(s, p, cmd, dados, payload)
    if isinstance(dados, DadosLaudo):
        poluicao.conferir_laudo(cmd, dados, payload)
        return {}
    if isinstance(dados, DadosDecisaoPoluicao):
        return poluicao.valorar_decisao(s, p, cmd, dados, payload)
    if isinstance(dados, DadosRetencao):
        poluicao.conferir_retencao(p, cmd, dados, payload)
        return {}
    if isinstance(dados, DadosLiberacao):
        poluicao.conferir_liberacao(dados, payload)
        return {}
    if isinstance(dados, DadosLavratura):
        fato = lido.data_do_fato(s, p)
        for n, item in enumerate(dados.infracoes):
            campo = f"dados.infracoes.{n}"
            if item.infracao not in catalogo().infracoes:
                raise EntradaInvalida(
                    infracao_desconhecida(item.infracao),
                    campo=f"{campo}.infracao",
                    consulte=CATALOGO_DE_INFRACOES,
                )
            r = pen.faixa(item.infracao, fato, item.autor_tipo, 0, item.faltas, campo=campo)
            # Sem autor informado, o único admitido pela infração (farol.rules.autoria): o ato
            # e o item do auto gravam o tipo resolvido.
            item.autor_tipo = r.autor
            payload["infracoes"][n]["autor_tipo"] = r.autor
        _conferir_autoria(s, p, dados, payload)
        acordao.vincular_lavratura(s, p, dados, payload)  # Norma de 2023, item 3.2
        om = s.get(OM, p.om_id)
        assert om is not None
        seq = proximo_numero(s, om.id, cmd.data_ato.year, AUTO_DE_INFRACAO)
        numero = numero_oficial(cmd.data_ato.year, om.sigla, seq)
        payload["numero_auto"] = numero
        return {"auto": {"numero": numero, "sequencial": seq}}
    if isinstance(dados, DadosDecisaoComPenalidade):  # marca impoe_penalidade
        veda = carregar_regime(p.regime).tem_marca(cmd.tipo, "veda_agravamento")
        decididas = pen.validar_decisao(s, p, lido.data_do_fato(s, p), dados, veda_agravamento=veda)
        if veda:
            pen.vedar_agravamento(s, p, decididas)
        payload["penalidades"] = [d.para_payload() for d in decididas]
        # as agravantes consideradas se leem do payload gravado (não se gravam duas vezes)
        return {
            "penalidades": [
                {**d.para_payload(), "agravantes": pen.agravantes_do_ato(payload, d.infracao)}
                for d in decididas
            ]
        }
    if isinstance(dados, (DadosCumprimentoAcessoria, DadosExecucaoDireta)):
        _validar_acessorias_do_ato(s, p, dados, lido)
        return {}
    if isinstance(dados, DadosCiencia):  # marca ciencia: meio, publicação, procurador
        comunicacao.conferir_ciencia(s, p, carregar_regime(p.regime), cmd.data_ato, dados, payload)
        return {}
    if isinstance(dados, DadosAcordao):  # marca levanta_sobrestamento
        acordao.validar_levantamento(s, p, cmd.data_ato, dados)
        return {}
    if isinstance(dados, DadosNaoComparecimento):  # marca registra_nao_comparecimento
        _conferir_intimacao(cmd.data_ato, dados, lido)
        return {}
    if isinstance(dados, DadosConversao):
        _conferir_conversao(s, p, cmd, dados)
        return {}
    if isinstance(dados, DadosConversaoPoluicao):
        fato = repositorio.data_do_fato(s, p)
        poluicao.conferir_infracao(dados.infracao, fato, campo="dados.infracao")
        exigir_nao_prescrito(repositorio.marco_da_prescricao(s, p), cmd.data_ato, campo="data_ato")
        return {}
    if isinstance(dados, DadosCorrecao) and "data_ato" in dados.dados_corrigidos:
        return _corrigir_data(s, p, cmd, dados, payload, lido)
    if isinstance(dados, DadosMedidaImposta):
        conhecidas = carregar_tabela().medidas
        for n, medida in enumerate(dados.medidas):
            if medida not in conhecidas:
                raise EntradaInvalida(
                    f"medida desconhecida: {citado(medida)}; medidas: "
                    + com_nomes((k, m.nome) for k, m in conhecidas.items()),
                    campo=f"dados.medidas.{n}",
                )
        payload["medidas_nomes"] = [conhecidas[m].nome for m in dados.medidas]
        return {}
    if isinstance(dados, DadosRestituicao):
        maquina = carregar_regime(p.regime)
        if maquina.tem_marca(cmd.tipo, "reconhece_restituicao"):
            esperado = restituicao_a_reconhecer(s, p, maquina)
        else:
            esperado = fatos_do_recurso(maquina, lido.historico).restituicao_pendente
        if dados.valor != esperado:
            raise EntradaInvalida(
                f"valor da restituição ({moeda(dados.valor)}) difere do valor a restituir "
                f"({moeda(esperado)})",
                campo="dados.valor",
                regra=citacao("restituicao_do_indevido").referencia(),
            )
        return {}
    if isinstance(dados, DadosPagamento):
        devido = lido.multas - lido.pago
        if dados.valor != devido:
            # a regra do pagamento no regime do processo (na poluição, a NORMAM-401 item 1.6,
            # não a LESTA art. 32)
            pagamento = carregar_regime(p.regime).transicao_do_tipo(cmd.tipo)
            assert pagamento is not None  # o ato já passou pelo quadro
            raise EntradaInvalida(
                f"valor pago ({moeda(dados.valor)}) difere do valor devido ({moeda(devido)})",
                campo="dados.valor",
                regra=pagamento.fonte.referencia(),
            )
    return {}


def _substituido(prazo: Prazo, prazos: list[Prazo]) -> bool:
    """O prazo encerrado só porque o ato que o encerrou abriu outro da mesma etapa (o
    recebimento dos autos que recomeça o prazo de decisão; a ciência da decisão reformada que
    abre novo prazo de pagamento): esse ato não decidiu nada pelo vencimento dele."""
    return any(
        y.id != prazo.id
        and y.regime == prazo.regime
        and y.etapa == prazo.etapa
        and y.ato_id == prazo.encerrado_por_ato_id
        for y in prazos
    )


def _data_corrigida(
    s: Session, lido: _Lido, ato_id: int | None
) -> tuple[Ato, dt.date, frozenset[dt.date]]:
    """O ato que a correção corrige (o original, se ela aponta outra correção), a data dele
    hoje (a da última correção que mudou `data_ato`, ou a registrada) e todas as que ele já
    teve (a registrada e as das correções): `repositorio.datas_de_cada_ato`."""
    apontado = next(a for a in lido.atos if a.id == ato_id)  # `_tipo_corrigido` o conferiu
    lido_original = repositorio.ato_corrigido(lido.atos, apontado) or apontado
    original = s.get(Ato, lido_original.id)
    assert original is not None
    datas = repositorio.datas_de_cada_ato(lido.atos)[original.id]
    return original, datas[-1], frozenset(datas)


def _conferir_prescricao_na_data_corrigida(
    s: Session,
    p: Processo,
    maquina: Maquina,
    original: Ato,
    data: dt.date,
    lido: _Lido,
    campo: str,
) -> None:
    """A decisão que não cabe com a prescrição consumada (guarda `nao_prescrito`: a que impõe
    ou mantém a penalidade) não passa, pela correção, a ter sido registrada com ela consumada
    (Lei 9.873/1999 art. 1º e § 1º): nem pela correção da sua própria data, nem pela de um ato
    anterior a ela (a defesa levada para antes encurta a intercorrente que corria até a
    decisão; a ciência, a quinquenal). A mesma conta e a mesma recusa do registro, com os atos
    anteriores a cada decisão e a data corrigida no lugar da gravada."""
    sistema = atos_do_sistema().tipos
    em_vigor = repositorio.data_em_vigor(lido.atos)  # as outras correções de data valem
    datas = {a.seq: em_vigor[a.id] for a in lido.atos} | {original.seq: data}
    for decisao in lido.atos:
        if decisao.seq < original.seq or decisao.tipo in sistema:
            continue
        transicao = maquina.transicao_do_tipo(decisao.tipo)
        if transicao is None or NAO_PRESCRITO not in transicao.guardas:
            continue
        quando = datas.get(decisao.seq, decisao.data_ato)
        contexto = ContextoAto(
            data_ato=quando, prescricoes=_prescricoes(s, p, lido, decisao.seq, datas)
        )
        avaliacao = avaliar_guarda(NAO_PRESCRITO, transicao, contexto, p.regime)
        if avaliacao.permitido:
            continue
        if decisao.seq == original.seq:
            quem = "não cabe"
        else:
            quem = (
                f"deixaria o ato nº {decisao.seq} ({maquina.nome_do_ato(decisao.tipo)}, de "
                f"{quando:%d/%m/%Y}) registrado com a prescrição consumada"
            )
        raise Conflito(
            f"a data corrigida ({data:%d/%m/%Y}) {quem}: {avaliacao.motivo}",
            campo=campo,
            regra=avaliacao.regra,
        )


def _sinais_na_data(
    maquina: Maquina, original: Ato, data: dt.date, prazos: list[Prazo], regime: str
) -> list[str]:
    """Os sinalizadores que as guardas sinalizadoras da transição do ato `original` dariam
    com ele na `data`, contra o vencimento do prazo do ato que ele encerrou (`prazo_do_ato`)."""
    transicao = maquina.transicao_do_tipo(original.tipo)
    if transicao is None or transicao.prazo_do_ato is None:
        return []
    cumprido = [
        x
        for x in prazos
        if x.encerrado_por_ato_id == original.id
        and f"prazo.{x.regime}.{x.etapa}" == transicao.prazo_do_ato
    ]
    if not cumprido:
        return []
    contexto = ContextoAto(
        data_ato=data, vencimentos={transicao.prazo_do_ato: cumprido[-1].vencimento}
    )
    sinais: list[str] = []
    for nome in transicao.guardas:
        if GUARDAS[nome].tipo == "sinalizador":
            sinais += avaliar_guarda(nome, transicao, contexto, regime).sinalizadores
    return list(dict.fromkeys(sinais))


def _corrigir_data(
    s: Session, p: Processo, cmd: NovoAto, dados: DadosCorrecao, payload: dict[str, Any],
    lido: _Lido,
) -> dict[str, Any]:  # fmt: skip
    """A correção da data de um ato (a ciência registrada com o dia errado): a data nova cabe
    entre a do ato anterior e a do seguinte, não futura; os prazos em curso que o ato corrigido
    abriu contados da data dele passam a contar da nova (e os contados do vencimento deles),
    gravados na correção (`prazos_recalculados`); o prazo que ele só substituiu se encerra na
    data nova (`prazos_substituidos_reencerrados`). A data do ato é a da sua última correção
    (`_data_corrigida`). O prazo já encerrado por outro ato fica como está; se a data nova o
    mudaria (a revelia que ficaria prematura), a correção é recusada."""
    campo = "dados.dados_corrigidos.data_ato"
    try:
        data = dt.date.fromisoformat(str(dados.dados_corrigidos["data_ato"]))
    except ValueError:
        raise EntradaInvalida("data inválida: use AAAA-MM-DD", campo=campo) from None
    maquina = carregar_regime(p.regime)
    original, atual, datas = _data_corrigida(s, lido, cmd.corrige_ato_id)
    comunicacao.conferir_data_corrigida(
        original.payload or {}, dict(dados.dados_corrigidos), data, campo
    )
    # os vizinhos pela data em vigor: a de outro ato também pode ter sido corrigida
    em_vigor = repositorio.data_em_vigor(lido.atos)
    antes = [em_vigor[a.id] for a in lido.atos if a.seq < original.seq]
    # os atos seguintes do procedimento (não as correções, registradas quando se corrige)
    depois = [
        em_vigor[a.id] for a in lido.atos if a.seq > original.seq and not maquina.e_correcao(a.tipo)
    ]
    if data > hoje():
        raise EntradaInvalida(f"a data corrigida ({data:%d/%m/%Y}) é futura", campo=campo)
    if antes and data < antes[-1]:
        raise EntradaInvalida(
            f"a data corrigida ({data:%d/%m/%Y}) é anterior à do ato que o corrigido sucede "
            f"({antes[-1]:%d/%m/%Y})",
            campo=campo,
        )
    proximos = [x for x in depois if x < data]
    if proximos:
        raise EntradaInvalida(
            f"a data corrigida ({data:%d/%m/%Y}) é posterior à de um ato que veio depois do "
            f"corrigido ({min(proximos):%d/%m/%Y})",
            campo=campo,
        )
    _conferir_prescricao_na_data_corrigida(s, p, maquina, original, data, lido, campo)
    if maquina.tem_marca(original.tipo, "recolhe_bem"):
        custodia.corrigir_inicio(s, p, data, campo)
    # o da OM do processo; o prazo da decisão de um recurso, o da OM de quem decide
    calendarios = {p.om_id: calendario_pela_marca(s, lido.marca_do_calendario)}
    # os prazos que o ato abriu contados da data dele: o em curso conta da data de hoje; o já
    # encerrado, de qualquer data que o ato teve (a correção anterior que não mudou o seu
    # vencimento não o recontou, e a seguinte não escapa da conferência por isso)
    contados_da_data = [
        x
        for x in lido.prazos
        if x.ato_id == original.id
        and x.contagem != CONTAGEM_NO_ATO
        and (x.inicio == atual or (x.encerrado_em is not None and x.inicio in datas))
    ]
    for prazo in contados_da_data:
        if prazo.encerrado_em is None or _substituido(prazo, lido.prazos):
            continue
        # já encerrado por um ato que contou com a data de antes (a revelia depois do fim da
        # defesa): mudar a data mudaria o que esse ato decidiu
        outro = calcular_prazo(
            prazo.etapa,
            data,
            regime=prazo.regime,
            calendario=calendario_do_prazo(s, prazo, calendarios),
            dias_fixados=prazo.dias,
        ).vencimento
        if outro != prazo.vencimento:
            correcao = maquina.transicao_do_tipo(cmd.tipo)
            assert correcao is not None
            raise Conflito(
                f'o prazo "{catalogo_prazos().nome_da_etapa(prazo.regime, prazo.etapa)}" '
                f"aberto pelo ato corrigido já se encerrou em "
                f"{prazo.encerrado_em:%d/%m/%Y}, contado de {atual:%d/%m/%Y} até "
                f"{prazo.vencimento:%d/%m/%Y}; contado de {data:%d/%m/%Y}, venceria em "
                f"{outro:%d/%m/%Y}: a correção mudaria o que o ato que o encerrou decidiu",
                campo=campo,
                # a convalidação só cabe sem prejuízo a terceiros (Lei 9.784/1999 art. 55)
                regra=correcao.fonte.referencia(),
            )
    fila: list[tuple[Prazo, dt.date]] = []
    for prazo in contados_da_data:
        if prazo.encerrado_em is None:
            anterior = prazo.vencimento
            if recalcular_prazo(prazo, data, calendario_do_prazo(s, prazo, calendarios)):
                fila.append((prazo, anterior))
    mudados = [*fila, *mover_contados(s, list(fila), calendarios)]
    recalculados = [
        {
            "etapa": x.etapa,
            "inicio": x.inicio.isoformat(),
            "vencimento": x.vencimento.isoformat(),
            "vencimento_anterior": v.isoformat(),
        }
        for x, v in mudados
    ]
    # o prazo que o ato corrigido encerrou só por abrir outro da mesma etapa (o de decisão da
    # interposição, substituído pelo do recebimento dos autos) se encerra na data nova dele:
    # nada se decidiu pelo vencimento dele (`_substituido`); antes, guardava a data de antes
    reencerrados = []
    for prazo in lido.prazos:
        if (
            prazo.encerrado_por_ato_id == original.id
            and prazo.encerrado_em is not None
            and prazo.encerrado_em != data
            and _substituido(prazo, lido.prazos)
        ):
            reencerrados.append(
                {
                    "etapa": prazo.etapa,
                    "encerrado_em": data.isoformat(),
                    "encerrado_em_anterior": prazo.encerrado_em.isoformat(),
                }
            )
            prazo.encerrado_em = data
    if reencerrados:  # gravado no ato da correção, como o recontado
        payload["prazos_substituidos_reencerrados"] = reencerrados
    # o ato que cumpriu um prazo (a defesa de 20/03, prazo até 07/04), levado pela correção para
    # depois do vencimento dele (08/04), foi praticado fora do prazo: o prazo deixa de estar
    # cumprido e se encerra na data nova, e a correção leva o sinal de intempestivo, como o
    # registro do ato naquela data o levaria (`flag_intempestivo_se_fora_do_prazo`). Nada do que
    # se decidiu depois se desfaz: a autoridade vê o sinal e decide (Lei 9.784/1999 art. 63).
    # Uma correção seguinte que a traz de volta ao prazo (a data certa era 07/04) o cumpre de
    # novo: só o prazo que uma correção anterior descumpriu (`prazos_descumpridos`). Só os
    # prazos do interessado: o da autoridade (o julgamento) vencido pela decisão leva, no
    # registro, o sinal `prazo_extrapolado` e fica cumprido; "intempestivo" é do ato dele.
    ja_descumpridos = {
        (x["etapa"], x["vencimento"])
        for a in lido.atos
        for x in a.payload.get("prazos_descumpridos") or ()
    }
    descumpridos, recumpridos = [], []
    for prazo in lido.prazos:
        if prazo.encerrado_por_ato_id != original.id or prazo.encerrado_em == data:
            continue
        if regra_prazo(prazo.regime, prazo.etapa).destinatario != DO_INTERESSADO:
            continue
        chave = {"etapa": prazo.etapa, "vencimento": prazo.vencimento.isoformat()}
        if prazo.cumprido and data > prazo.vencimento:
            descumpridos.append({**chave, "cumprido_em_anterior": str(prazo.encerrado_em)})
            prazo.cumprido, prazo.encerrado_em = False, data
        elif (
            not prazo.cumprido
            and data <= prazo.vencimento
            and (prazo.etapa, chave["vencimento"]) in ja_descumpridos
        ):
            recumpridos.append({**chave, "encerrado_em_anterior": str(prazo.encerrado_em)})
            prazo.cumprido, prazo.encerrado_em = True, data
    if descumpridos:
        payload["prazos_descumpridos"] = descumpridos
    # os sinais que o registro do ato corrigido levaria na data nova, pelas guardas sinalizadoras
    # da transição dele contra o prazo que ele cumpriu ("intempestivo" na defesa depois do
    # prazo; "prazo_extrapolado", que exige motivação, na decisão depois do prazo de julgamento):
    # a correção os leva (`registrar_ato`)
    sinais = _sinais_na_data(maquina, original, data, lido.prazos, p.regime)
    if sinais:
        payload["sinalizadores_na_data_corrigida"] = sinais
    if recumpridos:
        payload["prazos_cumpridos_de_novo"] = recumpridos
    if not recalculados:
        return {}
    payload["prazos_recalculados"] = recalculados
    return {"prazos_recalculados": recalculados}


def _efeitos_depois(
    s: Session,
    p: Processo,
    ato: Ato,
    cmd: NovoAto,
    dados: Any,
    efeitos: dict[str, Any],
) -> None:
    if isinstance(dados, DadosLevantamento):
        custodia.gravar_levantamento(s, ato, dados.medida_id)
    custodia.efeitos_depois(s, p, ato)
    if isinstance(dados, DadosAutoPoluicao):
        poluicao.gravar_auto(s, p, cmd, efeitos)
    elif isinstance(dados, DadosDecisaoPoluicao):
        poluicao.gravar_decisao(s, p, ato.id, efeitos, dados.justificativa)
    elif isinstance(dados, DadosLavratura):
        auto = AutoDeInfracao(
            processo_id=p.id,
            om_id=p.om_id,
            ano=cmd.data_ato.year,
            sequencial=efeitos["auto"]["sequencial"],
            numero=efeitos["auto"]["numero"],
            lavrado_em=cmd.data_ato,
        )
        s.add(auto)
        s.flush()
        for item in dados.infracoes:
            s.add(
                AutoInfracaoItem(
                    auto_id=auto.id,
                    infracao=item.infracao,
                    autor_tipo=item.autor_tipo,
                    faltas=item.faltas,
                )
            )
    elif isinstance(dados, DadosDecisaoComPenalidade):
        pen.gravar(s, p, ato, efeitos["penalidades"], dados.justificativa)
    elif isinstance(dados, DadosProcurador):  # marca constitui_procurador
        procuradores.gravar(s, p, ato, dados)
    elif isinstance(dados, DadosPagamento):
        s.add(
            Pagamento(
                processo_id=p.id, valor=dados.valor, data=cmd.data_ato, referencia=dados.referencia
            )
        )


def abrir_processo(
    s: Session,
    ator: Ator,
    *,
    om: OM,
    autuado_id: int | None,
    embarcacao_id: int | None,
    inspecao_id: int | None,
    data_ato: dt.date,
    dados_notificacao: dict[str, Any],
    regime: str = "lesta",
    origem_id: int | None = None,
    antes_do_ato: Callable[[Processo], None] | None = None,
    divergencias: list[dict[str, str]] | None = None,
) -> Processo:
    """Cria o processo no estado inicial e registra o ato que o abre (marca `abre_processo`:
    no regime LESTA, a Notificação para Comparecimento). `divergencias`: o que se digitou na
    abertura diferente do cadastro (`farol.services.divergencias`), fora do ato."""
    ano = data_ato.year
    seq = proximo_numero(s, om.id, ano, PROCESSO)
    maquina = carregar_regime(regime)
    p = Processo(
        om_id=om.id,
        numero=numero_oficial(ano, om.sigla, seq),
        regime=regime,
        estado=maquina.estado_inicial,
        autuado_id=autuado_id,
        embarcacao_id=embarcacao_id,
        inspecao_id=inspecao_id,
        origem_id=origem_id,
        sobrestado=False,
        criado_em=agora(),
        # sem diferença, a coluna fica fora do INSERT: NULL do SQL (o None explícito gravaria
        # o `null` do JSON)
        **({"divergencias": divergencias} if divergencias else {}),
    )
    s.add(p)
    s.flush()
    if antes_do_ato is not None:
        antes_do_ato(p)  # ex.: a custódia grava o bem antes do recolhimento (as guardas o leem)
    registrar_ato(
        s,
        ator,
        p.id,
        NovoAto(tipo=maquina.tipo_com("abre_processo"), data_ato=data_ato, dados=dados_notificacao),
    )
    return p


def registrar(
    uow: UnitOfWork,
    ator: Ator,
    processo_id: int,
    cmd: NovoAto,
    *,
    chave: str | None = None,
    arquivo: anexos.Arquivo | None = None,
) -> tuple[int, AtoRegistrado]:
    """Registra o ato (e o documento que o acompanha) numa transação própria.

    Com `chave` (Idempotency-Key), a resposta fica gravada na mesma transação e um reenvio do
    mesmo pedido devolve a primeira resposta, sem registrar o ato de novo.
    """

    def fazer(s: Session) -> tuple[int, dict[str, Any]]:
        if arquivo is not None:
            anexos.validar(arquivo)
        r = registrar_ato(s, ator, processo_id, cmd, com_anexo=arquivo is not None)
        if arquivo is not None:
            anexo = anexos.guardar(s, ator, processo_id, arquivo, ato_id=r.ato.id)
            r.anexo = AnexoResumo.model_validate(anexo)
        # o procurador constituído exige o instrumento anexado (Norma de 2023, item 3.6.6)
        instrumento = r.anexo.id if r.anexo else None
        procurador = (
            procuradores.conferir_instrumento(s, r.ato.id, instrumento)
            if r.ato.tipo in _tipos_que_constituem_procurador()
            else None  # só o ato da marca grava procurador (`_efeitos_depois`): nada a ler
        )
        if procurador is not None:
            r.procurador = ProcuradorDoProcesso.model_validate(procurador)
        return 201, r.model_dump(mode="json")

    conteudo = cmd.model_dump_json() + (
        hashlib.sha256(arquivo.conteudo).hexdigest() if arquivo is not None else ""
    )
    status, corpo = idempotencia.executar(
        uow,
        ator.usuario_id,
        chave,
        "POST",
        f"/processos/{processo_id}/atos",
        fazer,
        idempotencia.assinatura_de(conteudo),
    )
    return status, AtoRegistrado.model_validate(corpo)
