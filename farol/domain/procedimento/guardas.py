"""Guardas nomeadas do procedimento: funções puras dos fatos do processo na data do ato."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final, Literal

from farol import formatos
from farol.domain.procedimento.quadro import Transicao, id_prazo
from farol.normas.acessorias import tipos_de_acessoria
from farol.normas.citacoes import citacao
from farol.normas.prazos import DO_INTERESSADO, catalogo_prazos
from farol.normas.transicao import transicao
from farol.rules.prescricao import Prescricao


@dataclass(frozen=True)
class Pendencia:
    """Um valor que falta pagar para liberar o bem sob custódia (NORMAM-07 item 0312 a)."""

    descricao: str
    valor: Decimal


@dataclass(frozen=True)
class FatosCustodia:
    """Os fatos da custódia na data do ato, montados pelo serviço (farol/services/custodia)."""

    achado: bool
    """Bem achado à deriva ou nas praias (NORMAM-07 item 0205); falso: embarcação apreendida."""
    responsavel_notificavel: bool
    """Responsável e residência conhecidos: notifica-se pessoalmente; senão, por edital."""
    pendencias: tuple[Pendencia, ...] = ()
    """O que falta pagar (despesas da custódia, multas do processo de origem), já descontado o
    que foi pago; vazio quando está tudo quitado."""
    data_leilao: dt.date | None = None
    """A data do leilão marcada no Edital de Leilão em vigor."""
    estrangeiro: bool = False
    """Bem achado identificado como estrangeiro no recolhimento (NORMAM-07 item 0205)."""
    debitos_do_proprietario: tuple[Pendencia, ...] = ()
    """As multas exigíveis do legítimo proprietário em outros processos (LESTA art. 20: a
    entrega, ato de interesse dele, fica sustada até a quitação); lidas só para a entrega. O
    serviço as descreve como quem registra as vê (LGPD art. 6º, III): as da jurisdição dele
    pelo número do processo, as de outras OMs numa linha, pela quantidade e a soma."""
    debitos_fora_da_vista: bool = False
    """Há também multa exigível em outra OM que quem registra não vê nem pela soma (papel sem
    `ve_dados_pessoais`): susta a entrega do mesmo modo, e a recusa não a detalha."""
    leiloeiro_do_edital: bool = False
    """Há Portaria de designação do leiloeiro depois do Edital de Leilão em vigor (NORMAM-07
    item 0313): a de um leilão deserto não serve ao novo edital."""


@dataclass(frozen=True)
class ContextoAto:
    """Fatos do processo na data do ato, montados pelo serviço a partir do histórico.

    `vencimentos`: último dia (incluído) de cada prazo em curso, por id `prazo.<regime>.<etapa>`,
    como calculado por `farol.rules.prazos`. Um ato praticado até esse dia é tempestivo.
    """

    data_ato: dt.date
    vencimentos: Mapping[str, dt.date] = field(default_factory=dict)
    multa_imposta: bool = False
    multa_paga: bool = False
    esclarecimentos_prestados: bool = False
    notificacao_a_entregar: bool = False
    """O processo se abriu pela conclusão de outro procedimento (a apuração, o inquérito, cujo
    quadro declara este regime em `regime_sancionador`): a Notificação para Comparecimento se
    lavrou na OM, sem o notificado, e o prazo de comparecimento corre da ciência dela."""
    inquerito_acidente_pendente: bool = False
    """Há inquérito de acidente ou fato da navegação sem decisão final do Tribunal Marítimo."""
    infracao_de_poluicao: bool = False
    estado_anterior_ao_sobrestamento: str | None = None
    prazos_do_estado_anterior: tuple[str, ...] = ()
    """Os prazos (`prazo.<regime>.<etapa>`) que correm no estado anterior ao sobrestamento."""
    valor_devido: Decimal = Decimal("0.00")
    """Multa em vigor menos o que já foi pago (negativo: pago a maior)."""
    recurso_pendente: bool = False
    """O processo está num estado com a marca `recurso_pendente`."""
    efeito_suspensivo: bool = False
    """Efeito suspensivo concedido ao recurso pendente (ainda não decidido)."""
    penalidade_reformada: bool = False
    """A última decisão de recurso reformou a penalidade (nova multa a comunicar)."""
    divida_ativa_encaminhada: bool = False
    restituicao_pendente: Decimal = Decimal("0.00")
    """Valor reconhecido como restituível ao pagador e ainda não restituído."""
    acessorias_pendentes: tuple[str, ...] = ()
    """Penalidades acessórias impostas na penalidade em vigor e ainda não cumpridas nem
    executadas diretamente (tipos de dados/acessorias.yaml)."""
    acessorias_do_infrator: tuple[str, ...] = ()
    prazos_ja_abertos: frozenset[str] = frozenset()
    """Todo prazo (`prazo.<regime>.<etapa>`) que já se abriu no processo, em curso ou não."""
    marcas_praticadas: frozenset[str] = frozenset()
    """As marcas dos atos já registrados no processo (ex.: `prorroga_prazo`: o inquérito só se
    prorroga uma vez; `apreciacao_distrito`: NORMAM-07 item 0322)."""
    retencao_vigente: bool = False
    """O último ato de retenção (marca `retem_embarcacao`) ainda não tem liberação."""
    medidas_levantaveis: int = 0
    """Medidas administrativas do processo em vigor que um ato de levantamento alcança (a
    apreensão sob custódia se levanta pelo Termo de Entrega, não por este ato)."""
    custodia: FatosCustodia | None = None
    """Os fatos da custódia (só no processo de custódia)."""
    prescricoes: tuple[Prescricao, ...] = ()
    """As prescrições da Lei 9.873/1999 que correm no processo, contadas dos atos já registrados
    (`farol.rules.prescricao.prescricoes_do_processo`, a mesma conta dos alertas)."""
    prorrogacoes: Mapping[str, str] = field(default_factory=dict)
    """O prazo prorrogado -> o que o prorroga (`Maquina.prorrogacoes`; a máquina o preenche)."""
    arquivamentos: tuple[Transicao, ...] = ()
    """Os atos que, do estado atual, arquivam os autos (destino final sem penalidade, marca
    `sem_penalidade`): o caminho que a recusa por prescrição aponta."""
    """As pendentes que cabe ao infrator cumprir, no prazo que a decisão fixou."""


@dataclass(frozen=True)
class Avaliacao:
    permitido: bool
    motivo: str = ""
    campo: str | None = None
    sinalizadores: tuple[str, ...] = ()
    regra: str | None = None
    """A citação da recusa, quando é a de uma norma e não a da transição (a prescrição)."""


_OK: Final = Avaliacao(True)

FuncaoGuarda = Callable[[Transicao, ContextoAto, str], Avaliacao]


@dataclass(frozen=True)
class Guarda:
    nome: str
    tipo: Literal["condicao", "sinalizador"]
    descricao: str
    avaliar: FuncaoGuarda
    esconde: bool = False
    """A recusa diz que o ato não cabe neste processo, nem cabe vir a caber (a ciência da
    Notificação entregue em mãos na inspeção): a lista dos atos possíveis o omite, e o
    registro o recusa com o motivo."""
    conta_ate_a_data: bool = False
    """A guarda confere o que se acumula até a data do ato (as diárias da guarda, os débitos
    exigíveis nela): o ato que ela recusa hoje pode caber com uma data passada, a do último ato
    do processo (a entrega feita antes de correrem as diárias que ainda não se pagaram), e a
    lista dos atos possíveis o oferece com essa data, se uma das recusas de hoje é de uma guarda
    com `oferece_a_data_passada`."""
    oferece_a_data_passada: bool = False
    """A recusa de hoje pode ser só do que correu depois de um ato feito e registrado tarde (as
    diárias da guarda, que deixam de correr na entrega: NORMAM-07 item 0311): a lista dos atos
    possíveis oferece a data do último ato. O débito do proprietário (LESTA art. 20) não a
    oferece sozinho: a página não convida a datar a entrega para antes da sustação; quem a fez
    antes digita a data, e o registro confere o débito nela."""


def _data(d: dt.date) -> str:
    return formatos.data(d)


def _recusa(motivo: str, campo: str = "data_ato") -> Avaliacao:
    return Avaliacao(False, motivo, campo)


def _multa_imposta(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_imposta:
        return _OK
    return _recusa("não há multa imposta neste processo", "multa_imposta")


def _esclarecimentos_ou_comparecimento_encerrado(
    t: Transicao, c: ContextoAto, regime: str
) -> Avaliacao:
    if c.esclarecimentos_prestados:
        return _OK  # esclarecimentos prestados e não acolhidos: lavra-se o auto
    prazo = id_prazo(regime, "comparecimento")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None and c.notificacao_a_entregar and prazo not in c.prazos_ja_abertos:
        return _recusa(
            "a Notificação para Comparecimento foi lavrada na OM e a ciência do notificado não "
            "foi registrada: o prazo para prestar esclarecimentos corre dela, e o auto só se "
            "lavra depois dos esclarecimentos não acolhidos ou do fim desse prazo",
            "tipo",
        )
    if vencimento is None:
        return _recusa(f"sem esclarecimentos prestados e sem o vencimento de {prazo}")
    if c.data_ato <= vencimento:
        return _recusa(
            f"prazo para prestar esclarecimentos em curso até {_data(vencimento)}: o auto só se "
            "lavra após esclarecimentos não acolhidos ou o fim desse prazo"
        )
    return _OK


def _notificacao_entregue_no_ato(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.notificacao_a_entregar:
        return _OK
    return _recusa(
        "a Notificação lavrada na OM ao concluir a apuração ou o inquérito: o prazo de "
        "comparecimento corre da ciência do notificado",
        "tipo",
    )


def _notificacao_a_entregar_sem_ciencia(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.notificacao_a_entregar:
        return _recusa(
            "a Notificação para Comparecimento deste processo foi entregue ao notificado no ato "
            "(na inspeção): o prazo já corre dela",
            "tipo",
        )
    if id_prazo(regime, "comparecimento") in c.prazos_ja_abertos:
        return _recusa("a ciência da Notificação já foi registrada", "tipo")
    return _OK


def _prazo_defesa_encerrado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    prazo = id_prazo(regime, "defesa")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"vencimento de {prazo} não informado")
    if c.data_ato <= vencimento:
        return _recusa(
            f"prazo de defesa em curso até {_data(vencimento)}: só há revelia depois do vencimento"
        )
    return _OK


def _nao_sobrestado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.inquerito_acidente_pendente and not c.infracao_de_poluicao:
        return _recusa(
            "há inquérito de acidente ou fato da navegação aguardando a decisão final do "
            "Tribunal Marítimo: nenhuma sanção antes dela "
            f"({citacao('sobrestamento_inquerito').referencia()})",
            "inquerito_acidente_pendente",
        )
    return _OK


def _retorno_com_prazo_do_interessado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    """O estado de retorno do sobrestamento tem prazo do interessado (`destinatario:
    administrado` em prazos.yaml): ele recomeça da ciência do levantamento, não do registro."""
    catalogo = catalogo_prazos()
    if not any(
        catalogo.regras[p].destinatario == DO_INTERESSADO for p in c.prazos_do_estado_anterior
    ):
        return _recusa(
            f'o estado "{c.estado_anterior_ao_sobrestamento}" não tem prazo do interessado', "tipo"
        )
    return _OK


def _autos_ainda_nao_recebidos(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if set(t.marcas) & c.marcas_praticadas:
        return _recusa(
            "os autos deste recurso já foram recebidos: o prazo de decisão conta dele", "tipo"
        )
    return _OK


def _sobrestamento_cabivel(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.inquerito_acidente_pendente:
        return _recusa(
            "não há inquérito de acidente ou fato da navegação pendente de decisão do "
            "Tribunal Marítimo",
            "inquerito_acidente_pendente",
        )
    if c.infracao_de_poluicao:
        return _recusa(
            "infração de poluição das águas: é a exceção prevista em "
            f"{citacao('sobrestamento_inquerito').referencia()}, e não se sobrestá",
            "infracao_de_poluicao",
        )
    return _OK


def _referencia(nome: str) -> str:
    return citacao(nome).referencia()


def _multa_a_pagar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.valor_devido > 0:
        return _OK
    return _recusa("a multa em vigor já está paga", "multa_paga")


def _houve_pagamento(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_paga:
        return _OK
    return _recusa("nenhum pagamento registrado neste processo", "multa_paga")


def _multa_quitada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_imposta and c.valor_devido <= 0:
        return _OK
    return _recusa("não há multa imposta e paga", "multa_paga")


def _sem_multa_a_pagar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.valor_devido <= 0 or c.divida_ativa_encaminhada:
        return _OK
    return _recusa(
        f"há multa a pagar ({formatos.moeda(c.valor_devido)}): o processo termina com o "
        "pagamento ou com a inscrição em dívida ativa",
        "multa_imposta",
    )


def _decisao_definitiva(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.recurso_pendente:
        return _recusa("há recurso pendente de decisão ou de ciência", "recurso_pendente")
    return _prazos_de_recurso_encerrados(t, c, regime)


def _sem_efeito_suspensivo(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.efeito_suspensivo:
        return _OK
    return _recusa(
        "o recurso pendente tem efeito suspensivo concedido: o prazo de pagamento e a "
        f"inscrição em dívida ativa estão suspensos até a decisão "
        f"({_referencia('efeito_suspensivo_concedido')})",
        "efeito_suspensivo_concedido",
    )


def _divida_ativa_nao_encaminhada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.divida_ativa_encaminhada:
        return _OK
    # a cobrança é do Procurador da Fazenda Nacional (NORMAM-07 item 0314), não da OM
    return Avaliacao(
        False,
        "a multa já foi encaminhada para inscrição em dívida ativa",
        "divida_ativa_encaminhada",
        regra=_referencia("cobranca_divida_ativa"),
    )


def _divida_ativa_encaminhada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.divida_ativa_encaminhada:
        return _OK
    return _recusa(
        "a multa não foi encaminhada para inscrição em dívida ativa", "divida_ativa_encaminhada"
    )


def _pagamento_reaberto_pela_decisao(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.valor_devido <= 0:
        return _recusa("não há multa a pagar", "multa_imposta")
    correndo = id_prazo(regime, "pagamento") in c.vencimentos
    if c.efeito_suspensivo or c.penalidade_reformada or not correndo:
        return _OK
    return _recusa(
        "recurso sem efeito suspensivo e penalidade mantida: o prazo de pagamento em curso "
        f"continua ({_referencia('recurso_sem_efeito_suspensivo')})",
        "efeito_suspensivo_concedido",
    )


def _restituicao_pendente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.restituicao_pendente > 0:
        return _OK
    return _recusa("não há restituição pendente neste processo", "restituicao")


def _sem_restituicao_pendente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.restituicao_pendente <= 0:
        return _OK
    return _recusa(
        f"há restituição pendente ao pagador ({formatos.moeda(c.restituicao_pendente)}): "
        f"registre-a antes de encerrar ({_referencia('restituicao_do_indevido')})",
        "restituicao",
    )


def _acessoria_pendente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.acessorias_pendentes:
        return _OK
    return _recusa("não há penalidade acessória pendente", "acessorias")


def _sem_acessoria_pendente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.acessorias_pendentes:
        return _OK
    tipos = tipos_de_acessoria()
    nomes = ", ".join(tipos[t].nome if t in tipos else t for t in c.acessorias_pendentes)
    return _recusa(
        f"há penalidade acessória pendente ({nomes}): registre o cumprimento ou a execução "
        "direta antes de encerrar",
        "acessorias",
    )


def _acessoria_a_cumprir(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.acessorias_do_infrator and id_prazo(regime, "acessoria") not in c.vencimentos:
        return _OK
    return _recusa("nenhuma acessória a cumprir sem prazo em curso", "acessorias")


def _prazo_acessoria_vencido(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    prazo = id_prazo(regime, "acessoria")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"sem prazo de cumprimento das acessórias em curso ({prazo})", "acessorias")
    if c.data_ato <= vencimento:
        return _recusa(
            f"o infrator tem até {_data(vencimento)} para cumprir: a execução direta vem depois "
            "do prazo sem cumprimento",
        )
    return _OK


def _decisao_definitiva_sem_acessoria_pendente(
    t: Transicao, c: ContextoAto, regime: str
) -> Avaliacao:
    definitiva = _decisao_definitiva(t, c, regime)
    return definitiva if not definitiva.permitido else _sem_acessoria_pendente(t, c, regime)


def _prorrogacao_ainda_nao_usada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if "prorroga_prazo" not in c.marcas_praticadas:
        return _OK
    return _recusa(
        "o prazo já foi prorrogado uma vez: a norma admite uma só prorrogação de trinta dias",
        "prorrogacao",
    )


def _apreciado_pelo_distrito_naval(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if "apreciacao_distrito" in c.marcas_praticadas:
        return _OK
    return _recusa(
        "os indícios de crime são submetidos antes à apreciação do Distrito Naval",
        "apreciacao_distrito",
    )


_ATOS_DA_PRIMEIRA_FASE: Final = (
    ("designa_escrivao", "a portaria do Encarregado designando o escrivão"),
    ("ouve_indiciado", "o auto de perguntas ao indiciado"),
)


def _escrivao_designado_e_indiciado_ouvido(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    faltam = [nome for marca, nome in _ATOS_DA_PRIMEIRA_FASE if marca not in c.marcas_praticadas]
    if not faltam:
        return _OK
    return _recusa(
        f"a 1ª fase não se encerra sem {' e sem '.join(faltam)}, atos que o inquérito "
        "compreende (o auto de perguntas registra também o não comparecimento do indiciado)",
        "tipo",
    )


def _prazos_de_recurso_encerrados(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    for etapa in ("recurso", "recurso_final"):
        vencimento = c.vencimentos.get(id_prazo(regime, etapa))
        if vencimento is not None and c.data_ato <= vencimento:
            return _recusa(
                f"prazo de {etapa.replace('_', ' ')} em curso até {_data(vencimento)}: "
                "a decisão ainda pode ser recorrida"
            )
    return _OK


def _prazo_pagamento_vencido_sem_pagamento(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.multa_paga and c.valor_devido <= 0:
        return _recusa("a multa já foi paga", "multa_paga")
    prazo = id_prazo(regime, "pagamento")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"vencimento de {prazo} não informado")
    if c.data_ato <= vencimento:
        return _recusa(f"prazo de pagamento em curso até {_data(vencimento)}")
    return _OK


def _mudanca_do_regime(regime: str) -> dt.date | None:
    """A data da última mudança de norma do regime (dados/transicao.yaml), se há."""
    mudancas = transicao().mudancas_do_regime(regime)
    return mudancas[-1].data if mudancas else None


def _norma_atual_em_vigor(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    mudanca = _mudanca_do_regime(regime)
    if mudanca is None or c.data_ato >= mudanca:
        return _OK
    return _recusa(f"ato anterior a {_data(mudanca)}: vale o rito da norma anterior")


def _norma_anterior_em_vigor(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    mudanca = _mudanca_do_regime(regime)
    if mudanca is not None and c.data_ato < mudanca:
        return _OK
    return _recusa("a norma atual do regime já vigora na data do ato")


def _prazo_ja_aberto(etapa: str) -> FuncaoGuarda:
    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if id_prazo(regime, etapa) in c.prazos_ja_abertos:
            return _OK
        return _recusa(f"o prazo de {etapa.replace('_', ' ')} ainda não se abriu neste processo")

    return avaliar


def _prazo_nao_aberto(etapa: str) -> FuncaoGuarda:
    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if id_prazo(regime, etapa) not in c.prazos_ja_abertos:
            return _OK
        return _recusa(f"o prazo de {etapa.replace('_', ' ')} já se abriu neste processo")

    return avaliar


def _prazo_em_curso(etapa: str) -> FuncaoGuarda:
    """Admite o ato se o prazo da etapa se abriu e não se encerrou (corre na data do ato ou
    venceu sem o ato que o encerra)."""

    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if id_prazo(regime, etapa) in c.vencimentos:
            return _OK
        return _recusa(f"o prazo de {etapa.replace('_', ' ')} não está em curso")

    return avaliar


def _defesa_aberta_pela_ciencia_do_laudo(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    """A defesa corre da ciência do LTA (NORMAM-07 item 0404 b): o infrator teve ciência do laudo
    e o prazo de complementação (NORMAM-401 item 1.4.2 c), que só se abre com a defesa já
    aberta, não se abriu."""
    if "cientifica_laudo" not in c.marcas_praticadas:
        return _recusa("o infrator ainda não teve ciência do Laudo Técnico Ambiental")
    if id_prazo(regime, "complemento_defesa") in c.prazos_ja_abertos:
        return _recusa("a ciência do LTA abriu a complementação da defesa, não a defesa")
    return _OK


def _teve_marca(marca: str, recusa: str) -> FuncaoGuarda:
    """Admite o ato se já houve ato com a marca; senão, recusa com o texto dado (o que falta,
    em português: a marca é um nome interno do quadro)."""

    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if marca in c.marcas_praticadas:
            return _OK
        return _recusa(recusa)

    return avaliar


def _nao_teve_marca(marca: str, recusa: str) -> FuncaoGuarda:
    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        if marca not in c.marcas_praticadas:
            return _OK
        return _recusa(recusa)

    return avaliar


def _prazo_complemento_encerrado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    prazo = id_prazo(regime, "complemento_defesa")
    vencimento = c.vencimentos.get(prazo)
    if vencimento is None:
        return _recusa(f"vencimento de {prazo} não informado")
    if c.data_ato <= vencimento:
        return _recusa(
            f"prazo para complementar a defesa em curso até {_data(vencimento)}: o julgamento "
            "se conta da complementação ou do fim desse prazo"
        )
    return _OK


def _recurso_final_cabivel(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if id_prazo(regime, "recurso_final") in c.prazos_ja_abertos:
        return _OK
    extinta = next(
        (
            x
            for x in transicao().instancias_extintas.values()
            if id_prazo(regime, "recurso_final") in x.prazos
        ),
        None,
    )
    motivo = (
        "não cabe recurso em última instância: " + extinta.em_vez_disso
        if extinta is not None
        else "não se abriu prazo de recurso em última instância neste processo"
    )
    regra = "; ".join(f.referencia() for f in extinta.fontes) if extinta is not None else None
    return Avaliacao(False, motivo + (f" ({regra})" if regra else ""), "tipo")


def _retencao_vigente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.retencao_vigente:
        return _OK
    return _recusa("não há retenção vigente a levantar neste processo", "tipo")


def _sem_retencao_vigente(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not c.retencao_vigente:
        return _OK
    return _recusa("a embarcação já está retida neste processo (retenção sem liberação)", "tipo")


def _medida_em_vigor(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if c.medidas_levantaveis > 0:
        return _OK
    return _recusa(
        "não há medida administrativa em vigor a levantar neste processo (as já levantadas "
        "não se levantam de novo; a apreensão sob custódia se levanta pelo Termo de Entrega)",
        "dados.medida_id",
    )


def _custodia(c: ContextoAto) -> FatosCustodia:
    if c.custodia is None:
        raise ValueError("guarda de custódia avaliada fora de um processo de custódia")
    return c.custodia


def _custodia_de_apreensao(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not _custodia(c).achado:
        return _OK
    return _recusa("o bem foi achado (NORMAM-07 item 0205), não apreendido: não há "
                   "irregularidade a sanar nem lacre; aguarda-se a reclamação", "tipo")  # fmt: skip


def _custodia_de_achado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if _custodia(c).achado:
        return _OK
    return _recusa("a embarcação foi apreendida: a reclamação é do bem achado (NORMAM-07 "
                   "item 0205); a apreensão espera a irregularidade sanada", "tipo")  # fmt: skip


def _bem_estrangeiro(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if _custodia(c).estrangeiro:
        return _OK
    return _recusa("o bem não foi identificado como estrangeiro no recolhimento: o perdimento "
                   "é da OM (NORMAM-07 item 0205)", "tipo")  # fmt: skip


def _bem_nao_estrangeiro(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not _custodia(c).estrangeiro:
        return _OK
    return _recusa("material identificado como estrangeiro e não reclamado: o perdimento se "
                   "solicita à Superintendência Regional da Receita Federal (NORMAM-07 item "
                   "0205)", "tipo")  # fmt: skip


def _responsavel_notificavel(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if _custodia(c).responsavel_notificavel:
        return _OK
    return _recusa("o responsável ou a sua residência são desconhecidos: a notificação se faz "
                   "por edital (NORMAM-07 item 0309)", "tipo")  # fmt: skip


def _responsavel_nao_notificavel(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not _custodia(c).responsavel_notificavel:
        return _OK
    return _recusa("o responsável e a sua residência são conhecidos: notifica-se pessoalmente, "
                   "não por edital (NORMAM-07 item 0309)", "tipo")  # fmt: skip


def _custodia_quitada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    pendencias = _custodia(c).pendencias
    if not pendencias:
        return _OK
    total = sum((x.valor for x in pendencias), Decimal("0.00"))
    lista = "; ".join(f"{x.descricao}: {formatos.moeda(x.valor)}" for x in pendencias)
    return _recusa(
        f"a entrega exige o pagamento das despesas, multas e taxas devidas (NORMAM-07 item "
        f"0312 a); falta pagar {formatos.moeda(total)} — {lista}",
        "tipo",
    )


def _proprietario_sem_debito(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    fatos = _custodia(c)
    debitos = fatos.debitos_do_proprietario
    if not debitos and not fatos.debitos_fora_da_vista:
        return _OK
    itens = [f"{x.descricao}: {formatos.moeda(x.valor)}" for x in debitos]
    if fatos.debitos_fora_da_vista:  # a soma de fora, quem registra não a vê: nem o total
        itens.append("multa em processo de outra OM")
    else:
        itens.append(f"total {formatos.moeda(sum((x.valor for x in debitos), Decimal('0.00')))}")
    regra = _referencia("sustacao_por_debito")
    return Avaliacao(
        False,
        f"o legítimo proprietário está em débito decorrente de infração da LESTA em outro "
        f"processo ({'; '.join(itens)}): a entrega fica sustada até a quitação ({regra})",
        "tipo",
        regra=regra,
    )


def _prazo_em_curso_vencido(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    em_curso = {k: v for k, v in c.vencimentos.items() if k.startswith(f"prazo.{regime}.")}
    if not em_curso:
        return _recusa("não há prazo em curso: o perdimento vem depois de vencido o prazo da "
                       "notificação, do edital ou da reclamação", "tipo")  # fmt: skip
    ultimo = max(em_curso.values())
    if c.data_ato <= ultimo:
        return _recusa(f"prazo em curso até {_data(ultimo)}: o perdimento só depois dele")
    return _OK


def _leiloeiro_designado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if _custodia(c).leiloeiro_do_edital:
        return _OK
    return _recusa("ainda não há Portaria de designação do leiloeiro para o Edital de Leilão em "
                   "vigor: registre-a antes do resultado")  # fmt: skip


def _leiloeiro_nao_designado(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    if not _custodia(c).leiloeiro_do_edital:
        return _OK
    return _recusa("o leiloeiro deste Edital de Leilão já foi designado (Portaria)")


def _data_do_leilao_alcancada(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    data = _custodia(c).data_leilao
    if data is None:
        return _recusa("não há leilão marcado (Edital de Leilão)", "tipo")
    if c.data_ato < data:
        return _recusa(f"o leilão está marcado para {_data(data)}: o resultado vem depois")
    return _OK


NAO_PRESCRITO: Final = "nao_prescrito"
"""A guarda da prescrição, que a correção da data do ato também confere."""


def _nao_prescrito(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
    """Lei 9.873/1999 art. 1º § 1º: "Incide a prescrição no procedimento administrativo
    paralisado por mais de três anos, pendente de julgamento ou despacho, cujos autos serão
    arquivados de ofício ou mediante requerimento da parte interessada [...]"; art. 1º caput:
    "Prescreve em cinco anos a ação punitiva [...]". Consumada na data do ato, a penalidade não
    se impõe nem se mantém: o caminho é o arquivamento, que não tem esta guarda."""
    consumadas = [p for p in c.prescricoes if p.consumada_em(c.data_ato)]
    if not consumadas:
        return _OK
    p = min(consumadas, key=lambda x: x.prescreve_em)
    desde = _data(p.prescreve_em + dt.timedelta(days=1))
    if p.tipo == "intercorrente":
        qual = (
            f"prescrição intercorrente consumada desde {desde}: o procedimento ficou paralisado "
            f"por mais de {p.anos} anos, pendente de julgamento ou despacho (último ato em "
            f"{_data(p.desde)}; os {p.anos} anos terminaram em {_data(p.prescreve_em)})"
        )
    else:
        qual = (
            f"prescrição da ação punitiva consumada desde {desde}: os {p.anos} anos contados "
            f"de {_data(p.desde)} (a data do fato ou a do último ato que a interrompeu) "
            f"terminaram em {_data(p.prescreve_em)}"
        )
    caminho = " ou ".join(f'"{a.nome}" ({a.tipo_ato})' for a in c.arquivamentos)
    return Avaliacao(
        False,
        f"{qual}; a penalidade não se impõe nem se mantém depois da prescrição: o caminho é o "
        "arquivamento dos autos" + (f", pelo ato {caminho}" if caminho else ""),
        "data_ato",
        regra=p.fundamento,
    )


def _sinalizar_se_fora_do_prazo(sinal: str) -> FuncaoGuarda:
    def avaliar(t: Transicao, c: ContextoAto, regime: str) -> Avaliacao:
        prazo = t.prazo_do_ato
        if prazo is None:
            return _OK
        vencimento = c.vencimentos.get(prazo)
        # prorrogado, o prazo do ato é o da prorrogação (NORMAM-07 item 0320)
        while vencimento is None and prazo in c.prorrogacoes:
            prazo = c.prorrogacoes[prazo]
            vencimento = c.vencimentos.get(prazo)
        if vencimento is not None and c.data_ato > vencimento:
            return Avaliacao(True, f"{prazo} venceu em {_data(vencimento)}", None, (sinal,))
        return _OK

    return avaliar


GUARDAS: Final[Mapping[str, Guarda]] = {
    g.nome: g
    for g in (
        Guarda(
            "esclarecimentos_prestados_ou_prazo_comparecimento_encerrado",
            "condicao",
            "o notificado prestou esclarecimentos (não acolhidos) ou o prazo para prestá-los "
            "venceu sem comparecimento",
            _esclarecimentos_ou_comparecimento_encerrado,
        ),
        Guarda(
            "notificacao_entregue_no_ato",
            "condicao",
            "a Notificação para Comparecimento foi entregue ao notificado no ato (na inspeção), "
            "e não lavrada na OM ao concluir a apuração ou o inquérito",
            _notificacao_entregue_no_ato,
        ),
        Guarda(
            "notificacao_a_entregar_sem_ciencia",
            "condicao",
            "a Notificação foi lavrada na OM, sem o notificado, e a ciência dela ainda não foi "
            "registrada",
            _notificacao_a_entregar_sem_ciencia,
            esconde=True,
        ),
        Guarda(
            "prazo_defesa_encerrado",
            "condicao",
            "a data do ato é posterior ao último dia do prazo de defesa",
            _prazo_defesa_encerrado,
        ),
        Guarda(
            "nao_sobrestado",
            "condicao",
            "não há inquérito de acidente ou fato da navegação aguardando o Tribunal Marítimo, "
            "ou a infração é de poluição das águas",
            _nao_sobrestado,
        ),
        Guarda(
            "retorno_com_prazo_do_interessado",
            "condicao",
            "o estado anterior ao sobrestamento tem prazo do interessado (defesa, "
            "esclarecimentos): o levantamento espera a ciência dele para reabri-lo",
            _retorno_com_prazo_do_interessado,
        ),
        Guarda(
            "autos_ainda_nao_recebidos",
            "condicao",
            "o recebimento dos autos desta instância do recurso ainda não foi registrado",
            _autos_ainda_nao_recebidos,
        ),
        Guarda(
            "sobrestamento_cabivel",
            "condicao",
            "há inquérito de acidente ou fato da navegação aguardando o Tribunal Marítimo e a "
            "infração não é de poluição das águas",
            _sobrestamento_cabivel,
        ),
        Guarda("multa_imposta", "condicao", "a penalidade em vigor inclui multa", _multa_imposta),
        Guarda(
            "prazos_de_recurso_encerrados",
            "condicao",
            "nenhum prazo de recurso (1ª ou última instância) está em curso na data do ato",
            _prazos_de_recurso_encerrados,
        ),
        Guarda(
            "prazo_pagamento_vencido_sem_pagamento",
            "condicao",
            "o prazo de pagamento venceu e a multa não foi paga",
            _prazo_pagamento_vencido_sem_pagamento,
        ),
        Guarda(
            "multa_a_pagar",
            "condicao",
            "a multa em vigor ainda não foi paga (valor devido maior que zero)",
            _multa_a_pagar,
        ),
        Guarda(
            "houve_pagamento",
            "condicao",
            "há pagamento registrado no processo",
            _houve_pagamento,
        ),
        Guarda(
            "multa_quitada",
            "condicao",
            "há multa imposta e o valor pago cobre a multa em vigor",
            _multa_quitada,
        ),
        Guarda(
            "sem_multa_a_pagar",
            "condicao",
            "não resta multa a pagar (não imposta, paga, ou encaminhada à dívida ativa)",
            _sem_multa_a_pagar,
        ),
        Guarda(
            "decisao_definitiva",
            "condicao",
            "nenhum recurso pendente e nenhum prazo de recurso em curso na data do ato",
            _decisao_definitiva,
        ),
        Guarda(
            "sem_efeito_suspensivo",
            "condicao",
            "o recurso pendente não tem efeito suspensivo concedido (Lei 9.784/1999 art. 61)",
            _sem_efeito_suspensivo,
        ),
        Guarda(
            "divida_ativa_nao_encaminhada",
            "condicao",
            "a multa ainda não foi encaminhada para inscrição em dívida ativa",
            _divida_ativa_nao_encaminhada,
        ),
        Guarda(
            "divida_ativa_encaminhada",
            "condicao",
            "a multa foi encaminhada para inscrição em dívida ativa",
            _divida_ativa_encaminhada,
        ),
        Guarda(
            "pagamento_reaberto_pela_decisao",
            "condicao",
            "há multa a pagar e o prazo de pagamento não está correndo, ou o recurso teve efeito "
            "suspensivo, ou a decisão reformou a penalidade: a ciência abre novo prazo",
            _pagamento_reaberto_pela_decisao,
        ),
        Guarda(
            "restituicao_pendente",
            "condicao",
            "há valor reconhecido como restituível e ainda não restituído",
            _restituicao_pendente,
        ),
        Guarda(
            "sem_restituicao_pendente",
            "condicao",
            "não há restituição pendente ao pagador",
            _sem_restituicao_pendente,
        ),
        Guarda(
            "acessoria_pendente",
            "condicao",
            "há penalidade acessória imposta e ainda não cumprida nem executada",
            _acessoria_pendente,
        ),
        Guarda(
            "sem_acessoria_pendente",
            "condicao",
            "nenhuma penalidade acessória pendente",
            _sem_acessoria_pendente,
        ),
        Guarda(
            "acessoria_a_cumprir",
            "condicao",
            "há acessória a cumprir pelo infrator e o prazo dela ainda não corre",
            _acessoria_a_cumprir,
        ),
        Guarda(
            "prazo_acessoria_vencido",
            "condicao",
            "o prazo que a decisão fixou para o infrator cumprir as acessórias venceu",
            _prazo_acessoria_vencido,
        ),
        Guarda(
            "decisao_definitiva_sem_acessoria_pendente",
            "condicao",
            "decisão definitiva (sem recurso pendente nem prazo de recurso) e nenhuma penalidade "
            "acessória pendente",
            _decisao_definitiva_sem_acessoria_pendente,
        ),
        Guarda(
            "prorrogacao_ainda_nao_usada",
            "condicao",
            "o prazo ainda não foi prorrogado (uma só prorrogação)",
            _prorrogacao_ainda_nao_usada,
        ),
        Guarda(
            "escrivao_designado_e_indiciado_ouvido",
            "condicao",
            "o escrivão foi designado e o indiciado, perguntado (atos que o inquérito compreende)",
            _escrivao_designado_e_indiciado_ouvido,
        ),
        Guarda(
            "apreciado_pelo_distrito_naval",
            "condicao",
            "o Distrito Naval já apreciou os indícios de crime",
            _apreciado_pelo_distrito_naval,
        ),
        Guarda(
            "norma_atual_do_regime_em_vigor",
            "condicao",
            "a data do ato é igual ou posterior à última mudança de norma do regime "
            "(dados/transicao.yaml): vale o rito da norma nova",
            _norma_atual_em_vigor,
        ),
        Guarda(
            "norma_anterior_do_regime_em_vigor",
            "condicao",
            "a data do ato é anterior à última mudança de norma do regime: vale o rito da norma "
            "anterior",
            _norma_anterior_em_vigor,
        ),
        Guarda(
            "defesa_ja_aberta",
            "condicao",
            "o prazo de defesa já se abriu neste processo",
            _prazo_ja_aberto("defesa"),
        ),
        Guarda(
            "defesa_nao_aberta",
            "condicao",
            "o prazo de defesa ainda não se abriu neste processo",
            _prazo_nao_aberto("defesa"),
        ),
        Guarda(
            "laudo_cientificado",
            "condicao",
            "o infrator já teve ciência do Laudo Técnico Ambiental (marca `cientifica_laudo`)",
            _teve_marca(
                "cientifica_laudo", "o infrator ainda não teve ciência do Laudo Técnico Ambiental"
            ),
        ),
        Guarda(
            "laudo_nao_cientificado",
            "condicao",
            "o infrator ainda não teve ciência do Laudo Técnico Ambiental",
            _nao_teve_marca(
                "cientifica_laudo", "o infrator já teve ciência do Laudo Técnico Ambiental"
            ),
        ),
        Guarda(
            "laudo_registrado",
            "condicao",
            "o Laudo Técnico Ambiental já foi registrado (marca `registra_laudo`)",
            _teve_marca("registra_laudo", "o Laudo Técnico Ambiental ainda não foi registrado"),
        ),
        Guarda(
            "laudo_nao_registrado",
            "condicao",
            "o Laudo Técnico Ambiental ainda não foi registrado",
            _nao_teve_marca("registra_laudo", "o Laudo Técnico Ambiental já foi registrado"),
        ),
        Guarda(
            "defesa_em_curso",
            "condicao",
            "o prazo de defesa se abriu e ainda não se encerrou (nem defesa nem revelia)",
            _prazo_em_curso("defesa"),
        ),
        Guarda(
            "complemento_aberto",
            "condicao",
            "o prazo para complementar a defesa após o LTA já se abriu neste processo",
            _prazo_ja_aberto("complemento_defesa"),
        ),
        Guarda(
            "defesa_aberta_pela_ciencia_do_laudo",
            "condicao",
            "a defesa corre da ciência do LTA (NORMAM-07 item 0404 b): houve a ciência do laudo "
            "e não se abriu o prazo de complementação",
            _defesa_aberta_pela_ciencia_do_laudo,
        ),
        Guarda(
            "prazo_complemento_encerrado",
            "condicao",
            "a data do ato é posterior ao último dia do prazo para complementar a defesa",
            _prazo_complemento_encerrado,
        ),
        Guarda(
            "recurso_final_cabivel",
            "condicao",
            "o prazo de recurso em última instância se abriu (a norma em vigor na ciência da "
            "decisão recorrida previa essa instância)",
            _recurso_final_cabivel,
        ),
        Guarda(
            "retencao_vigente",
            "condicao",
            "há retenção da embarcação sem liberação neste processo",
            _retencao_vigente,
        ),
        Guarda(
            "medida_em_vigor",
            "condicao",
            "há medida administrativa do processo em vigor, fora de custódia",
            _medida_em_vigor,
        ),
        Guarda(
            "sem_retencao_vigente",
            "condicao",
            "não há retenção vigente (uma embarcação não fica retida duas vezes no processo)",
            _sem_retencao_vigente,
        ),
        Guarda(
            "custodia_de_apreensao",
            "condicao",
            "a custódia é de embarcação apreendida (não de bem achado)",
            _custodia_de_apreensao,
        ),
        Guarda(
            "custodia_de_achado",
            "condicao",
            "a custódia é de coisa ou bem achado à deriva ou nas praias (NORMAM-07 item 0205)",
            _custodia_de_achado,
        ),
        Guarda(
            "bem_estrangeiro",
            "condicao",
            "o bem achado foi identificado como estrangeiro no recolhimento (NORMAM-07 item 0205)",
            _bem_estrangeiro,
        ),
        Guarda(
            "bem_nao_estrangeiro",
            "condicao",
            "o bem não foi identificado como estrangeiro (o perdimento é da OM)",
            _bem_nao_estrangeiro,
        ),
        Guarda(
            "responsavel_notificavel",
            "condicao",
            "o responsável e a sua residência são conhecidos (notificação pessoal)",
            _responsavel_notificavel,
        ),
        Guarda(
            "responsavel_nao_notificavel",
            "condicao",
            "o responsável ou a sua residência são desconhecidos (notificação por edital)",
            _responsavel_nao_notificavel,
        ),
        Guarda(
            "custodia_quitada",
            "condicao",
            "pagas as despesas da custódia e as multas devidas; a recusa lista o que falta e "
            "quanto",
            _custodia_quitada,
            conta_ate_a_data=True,
            oferece_a_data_passada=True,
        ),
        Guarda(
            "proprietario_sem_debito",
            "condicao",
            "o legítimo proprietário não tem multa exigível em outro processo (LESTA art. 20); "
            "a recusa lista os da jurisdição de quem registra pelo número do processo e os de "
            "outras OMs pela quantidade e a soma",
            _proprietario_sem_debito,
            conta_ate_a_data=True,
        ),
        Guarda(
            "prazo_em_curso_vencido",
            "condicao",
            "há prazo em curso no processo e a data do ato é posterior ao seu vencimento",
            _prazo_em_curso_vencido,
        ),
        Guarda(
            "leiloeiro_designado",
            "condicao",
            "já há Portaria de designação do leiloeiro para o Edital de Leilão em vigor",
            _leiloeiro_designado,
        ),
        Guarda(
            "leiloeiro_nao_designado",
            "condicao",
            "ainda não há Portaria de designação do leiloeiro para o Edital de Leilão em vigor",
            _leiloeiro_nao_designado,
        ),
        Guarda(
            "data_do_leilao_alcancada",
            "condicao",
            "a data do ato é a do leilão marcado no edital, ou posterior",
            _data_do_leilao_alcancada,
        ),
        Guarda(
            NAO_PRESCRITO,
            "condicao",
            "nenhuma prescrição da Lei 9.873/1999 consumada na data do ato: a intercorrente (art. "
            "1º § 1º; `prazo.prescricao.intercorrente` do último ato) e a da ação punitiva (art. "
            "1º; `prazo.prescricao.punitiva` do fato ou do último ato interruptivo); a recusa diz "
            "qual, desde quando e o arquivamento que cabe",
            _nao_prescrito,
        ),
        Guarda(
            "flag_intempestivo_se_fora_do_prazo",
            "sinalizador",
            "nunca recusa; sinaliza `intempestivo` se a data do ato passa do vencimento do "
            "prazo do ato",
            _sinalizar_se_fora_do_prazo("intempestivo"),
        ),
        Guarda(
            "flag_prazo_extrapolado_se_fora_do_prazo",
            "sinalizador",
            "nunca recusa; sinaliza `prazo_extrapolado` se a decisão sai depois do vencimento "
            "(exige motivação)",
            _sinalizar_se_fora_do_prazo("prazo_extrapolado"),
        ),
    )
}


def esconde(nome: str) -> bool:
    """Se a recusa da guarda tira o ato da lista dos atos possíveis (`Guarda.esconde`)."""
    return GUARDAS[nome].esconde


def conta_ate_a_data(nome: str) -> bool:
    """Se a recusa da guarda pode não valer numa data passada (`Guarda.conta_ate_a_data`)."""
    return GUARDAS[nome].conta_ate_a_data


def oferece_a_data_passada(nome: str) -> bool:
    """Se a recusa da guarda leva a lista a oferecer a data do último ato
    (`Guarda.oferece_a_data_passada`)."""
    return GUARDAS[nome].oferece_a_data_passada


def avaliar_guarda(
    nome: str, transicao: Transicao, contexto: ContextoAto, regime: str
) -> Avaliacao:
    """Avalia uma guarda declarada; função pura dos fatos do contexto."""
    return GUARDAS[nome].avaliar(transicao, contexto, regime)
