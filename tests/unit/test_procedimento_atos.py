"""Os atos do procedimento LESTA percorrendo o quadro: caminhos, ordem, papéis e guardas.

`Processo` simula o serviço: guarda o estado, os vencimentos dos prazos em curso (durações
fictícias, o cálculo real é de `farol.rules.prazos`) e os fatos que alimentam o contexto.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest

from farol.domain.papeis import PAPEIS, nome_do_papel
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import ContextoAto, avaliar_guarda
from farol.domain.procedimento.maquina import Maquina, Resultado
from farol.erros import Conflito, EntradaInvalida

IN, AC, CP, DPC = "inspetor", "autoridade_competente", "capitao_dos_portos", "dpc"
MULTA = Decimal("1000.00")  # valor fictício da multa imposta no julgamento
ZERO = Decimal("0.00")
INICIO = dt.date(2025, 3, 3)
DURACAO = {  # dias corridos fictícios até o vencimento (incluído)
    "comparecimento": 10,
    "defesa": 20,
    "julgamento": 30,
    "pagamento": 15,
    "recurso": 7,
    "decisao_recurso": 30,
    "recurso_final": 7,
    "decisao_recurso_final": 30,
    "acessoria": 60,
}


def maquina() -> Maquina:
    return carregar_regime("lesta")


@dataclass
class Processo:
    estado: str = "constatada"
    hoje: dt.date = INICIO
    vencimentos: dict[str, dt.date] = field(default_factory=dict)
    multa_imposta: bool = False
    multa: Decimal | None = None
    """Multa em vigor; None: MULTA se multa_imposta, senão zero."""
    pago: Decimal = ZERO
    reconhecida: Decimal = ZERO
    restituida: Decimal = ZERO
    efeito_suspensivo: bool = False
    penalidade_reformada: bool = False
    divida_ativa_encaminhada: bool = False
    acessorias: tuple[str, ...] = ()
    """Acessórias pendentes; as do infrator são as que não são `apreensao_embarcacao`."""
    esclarecimentos_prestados: bool = False
    notificacao_a_entregar: bool = False
    """Aberto pela conclusão da apuração ou do inquérito (a Notificação lavrada na OM)."""
    abertos: set[str] = field(default_factory=set)
    """Os prazos que já se abriram (`prazos_ja_abertos`)."""
    inquerito_acidente_pendente: bool = False
    infracao_de_poluicao: bool = False
    anterior: str | None = None
    medidas_levantaveis: int = 0
    marcas: set[str] = field(default_factory=set)
    """As marcas dos atos já registrados (`marcas_praticadas`)."""
    cobertos: set[tuple[str, str]] = field(default_factory=set)
    resultados: list[Resultado] = field(default_factory=list)

    def valor_da_multa(self) -> Decimal:
        if self.multa is not None:
            return self.multa
        return MULTA if self.multa_imposta else ZERO

    def contexto(self) -> ContextoAto:
        return ContextoAto(
            data_ato=self.hoje,
            vencimentos=dict(self.vencimentos),
            multa_imposta=self.valor_da_multa() > 0,
            multa_paga=self.pago > 0,
            valor_devido=self.valor_da_multa() - self.pago,
            recurso_pendente=self.estado in maquina().estados_com("recurso_pendente"),
            efeito_suspensivo=self.efeito_suspensivo,
            penalidade_reformada=self.penalidade_reformada,
            divida_ativa_encaminhada=self.divida_ativa_encaminhada,
            restituicao_pendente=self.reconhecida - self.restituida,
            acessorias_pendentes=self.acessorias,
            acessorias_do_infrator=tuple(a for a in self.acessorias if a != "apreensao_embarcacao"),
            esclarecimentos_prestados=self.esclarecimentos_prestados,
            notificacao_a_entregar=self.notificacao_a_entregar,
            prazos_ja_abertos=frozenset(self.abertos),
            inquerito_acidente_pendente=self.inquerito_acidente_pendente,
            infracao_de_poluicao=self.infracao_de_poluicao,
            estado_anterior_ao_sobrestamento=self.anterior,
            prazos_do_estado_anterior=(
                maquina().estados[self.anterior].prazos if self.anterior else ()
            ),
            medidas_levantaveis=self.medidas_levantaveis,
            marcas_praticadas=frozenset(self.marcas),
        )

    def ato(
        self, tipo_ato: str, papel: str, *, dias: int = 1, corrige: str | None = None, **fatos: Any
    ) -> Resultado:
        self.hoje += dt.timedelta(days=dias)
        for nome, valor in fatos.items():
            assert hasattr(self, nome), nome
            setattr(self, nome, valor)
        r = maquina().aplicar(self.estado, tipo_ato, papel, self.contexto(), corrige=corrige)
        assert r.estado_origem == self.estado
        self.cobertos.add((self.estado, tipo_ato))
        self.marcas |= set(r.transicao.marcas)
        for prazo in r.prazos_encerrados:
            self.vencimentos.pop(prazo, None)
        for prazo in r.prazos_iniciados:
            etapa = prazo.removeprefix("prazo.lesta.")
            self.vencimentos[prazo] = self.hoje + dt.timedelta(days=DURACAO[etapa])
            self.abertos.add(prazo)
        if r.estado_destino == "sobrestado":
            self.anterior = self.estado
        if tipo_ato == "esclarecimentos_prestados":
            self.esclarecimentos_prestados = True
        m = maquina()
        if m.tem_marca(tipo_ato, "paga_multa"):
            self.pago += self.valor_da_multa() - self.pago
        if m.tem_marca(tipo_ato, "concede_efeito_suspensivo"):
            self.efeito_suspensivo = True
        elif m.tem_marca(tipo_ato, "decisao") and self.estado in m.estados_com("recurso_pendente"):
            self.efeito_suspensivo = False
            self.penalidade_reformada = m.tem_marca(tipo_ato, "impoe_penalidade")
        if m.tem_marca(tipo_ato, "encaminha_divida_ativa"):
            self.divida_ativa_encaminhada = True
        if m.tem_marca(tipo_ato, "reconhece_restituicao"):
            self.reconhecida = max(self.pago - self.valor_da_multa(), ZERO)
        if m.tem_marca(tipo_ato, "efetua_restituicao"):
            self.restituida = self.reconhecida
        if m.tem_marca(tipo_ato, "cumpre_acessoria") or m.tem_marca(tipo_ato, "executa_acessoria"):
            self.acessorias = ()
        self.estado = r.estado_destino
        if self.estado in m.estados_com("sem_penalidade"):
            self.multa = ZERO
        self.resultados.append(r)
        return r

    def dias_ate_vencer(self, etapa: str) -> int:
        """Dias até o dia seguinte ao vencimento do prazo (o primeiro dia fora dele)."""
        return (self.vencimentos[f"prazo.lesta.{etapa}"] - self.hoje).days + 1


# Caminho canônico até cada estado não final (multa imposta no julgamento).
CANONICO: list[tuple[str, str, dict[str, Any]]] = [
    ("notificacao_comparecimento", IN, {}),
    ("lavratura_auto", AC, {"dias": DURACAO["comparecimento"] + 1}),
    ("ciencia_auto", IN, {}),
    ("defesa", AC, {}),
    ("julgamento_procedente", AC, {"multa_imposta": True}),
    ("ciencia_decisao", AC, {}),
    ("recurso", AC, {}),
    ("decisao_recurso_nao_provido", CP, {}),
    ("ciencia_decisao_recurso", CP, {}),
    ("recurso_final", CP, {}),
    ("decisao_recurso_final_nao_provido", DPC, {}),
    ("ciencia_decisao_recurso_final", AC, {}),
]
ORDEM_CANONICA = [
    "constatada",
    "notificado",
    "autuado",
    "em_defesa",
    "aguardando_julgamento",
    "julgado_procedente",
    "decisao_notificada",
    "em_recurso",
    "recurso_decidido",
    "decisao_recurso_notificada",
    "em_recurso_final",
    "recurso_final_decidido",
    "decisao_definitiva_notificada",
]


def ate(estado: str) -> Processo:
    """Um processo levado ao estado pelo caminho canônico (ou sobrestado a partir de notificado)."""
    p = Processo()
    if estado == "sobrestado":
        p = ate("notificado")
        p.ato("sobrestamento", AC, inquerito_acidente_pendente=True)
        return p
    if estado == "sobrestamento_levantado":
        p = ate("sobrestado")
        p.ato("levantamento_sobrestamento", AC, inquerito_acidente_pendente=False)
        assert p.estado == estado
        return p
    for tipo_ato, papel, extra in CANONICO[: ORDEM_CANONICA.index(estado)]:
        p.ato(tipo_ato, papel, **extra)
    assert p.estado == estado
    return p


# --- os caminhos do quadro ------------------------------------------------------------------


def caminho_arquivamento_apos_esclarecimentos_acolhidos() -> Processo:
    p = ate("notificado")
    assert p.resultados[-1].prazos_iniciados == ("prazo.lesta.comparecimento",)
    r = p.ato("esclarecimentos_prestados", IN, dias=3)
    assert r.estado_destino == "notificado" and r.sinalizadores == ()
    p.ato("esclarecimentos_acolhidos", AC)
    assert p.estado == "arquivado" and p.vencimentos == {}
    return p


def caminho_notificacao_da_apuracao_so_corre_da_ciencia() -> Processo:
    """Aberto pela conclusão da apuração ou do inquérito, a Notificação se lavra na OM, sem o
    notificado: o prazo de comparecimento corre da ciência dela (Norma de 2023 itens 3.2,
    3.6.1 e 3.6.6), e sem ela o auto não se lavra."""
    p = Processo(notificacao_a_entregar=True)
    r = p.ato("notificacao_comparecimento", IN)
    assert r.estado_destino == "notificado" and r.prazos_iniciados == ()
    with pytest.raises(Conflito, match="ciência do notificado não foi registrada"):
        maquina().aplicar("notificado", "lavratura_auto", AC, p.contexto())
    r = p.ato("ciencia_notificacao", IN, dias=20)
    assert r.estado_destino == "notificado"
    assert r.prazos_iniciados == ("prazo.lesta.comparecimento",)
    with pytest.raises(Conflito, match="já foi registrada"):
        maquina().aplicar("notificado", "ciencia_notificacao", IN, p.contexto())
    with pytest.raises(Conflito, match="em curso"):
        maquina().aplicar("notificado", "lavratura_auto", AC, p.contexto())
    p.ato("lavratura_auto", AC, dias=DURACAO["comparecimento"] + 1)
    assert p.estado == "autuado"
    # na inspeção, a Notificação entregue em mãos já abre o prazo, e não há ciência a registrar
    q = ate("notificado")
    with pytest.raises(Conflito, match="entregue ao notificado no ato"):
        maquina().aplicar("notificado", "ciencia_notificacao", IN, q.contexto())
    return p


def caminho_auto_apos_esclarecimentos_nao_acolhidos() -> Processo:
    p = ate("notificado")
    p.ato("esclarecimentos_prestados", IN, dias=2)
    p.ato("lavratura_auto", AC)  # antes do fim do prazo: os esclarecimentos não foram acolhidos
    assert p.estado == "autuado"
    return p


def caminho_revelia_e_multa_paga() -> Processo:
    p = ate("em_defesa")
    p.ato("revelia", AC, dias=p.dias_ate_vencer("defesa"))
    assert p.estado == "aguardando_julgamento"
    assert "prazo.lesta.julgamento" in p.vencimentos
    p.ato("julgamento_procedente", AC, multa_imposta=True)
    r = p.ato("ciencia_decisao", AC)
    assert r.prazos_iniciados == ("prazo.lesta.recurso", "prazo.lesta.pagamento")
    r = p.ato("pagamento", AC, dias=10)
    assert p.estado == "quitado" and r.sinalizadores == ()
    assert set(r.prazos_encerrados) == {"prazo.lesta.pagamento", "prazo.lesta.recurso"}
    return p


def caminho_renuncia_e_improcedente() -> Processo:
    p = ate("em_defesa")
    r = p.ato("renuncia_defesa", IN, dias=0)
    assert r.prazos_encerrados == ("prazo.lesta.defesa",)
    assert r.prazos_iniciados == ("prazo.lesta.julgamento",)
    p.ato("julgamento_improcedente", AC)
    assert p.estado == "arquivado" and p.vencimentos == {}
    return p


def caminho_defesa_e_improcedente() -> Processo:
    p = ate("aguardando_julgamento")
    p.ato("julgamento_improcedente", AC, dias=20)
    assert p.estado == "arquivado"
    return p


def caminho_recurso_provido() -> Processo:
    p = ate("em_recurso")
    # sem efeito suspensivo (LESTA art. 24 § 1º): o prazo de pagamento segue correndo no recurso
    assert "prazo.lesta.pagamento" in p.vencimentos
    # os autos chegam ao Capitão dos Portos: os 30 dias da decisão recomeçam do recebimento
    # (Lei 9.784/1999 art. 59 § 1º), uma vez só
    antes = p.vencimentos["prazo.lesta.decisao_recurso"]
    r = p.ato("recebimento_autos_recurso", CP, dias=4)
    assert (r.estado_destino, r.prazos_iniciados) == (
        "em_recurso",
        ("prazo.lesta.decisao_recurso",),
    )
    assert p.vencimentos["prazo.lesta.decisao_recurso"] == antes + dt.timedelta(days=4)
    with pytest.raises(Conflito, match="os autos deste recurso já foram recebidos"):
        p.ato("recebimento_autos_recurso", CP)
    p.ato("decisao_recurso_provido", CP, dias=20)
    assert p.estado == "arquivado"  # nada foi pago: nada a restituir
    return p


def caminho_recurso_nao_provido_e_pagamento() -> Processo:
    p = ate("decisao_recurso_notificada")
    assert "prazo.lesta.pagamento" in p.vencimentos
    r = p.ato("pagamento", AC)
    # o prazo do recurso em última instância ainda corre: pagar não encerra o processo
    assert p.estado == "decisao_recurso_notificada"
    assert r.prazos_encerrados == ("prazo.lesta.pagamento",)
    with pytest.raises(Conflito, match="prazo de recurso final em curso"):
        p.ato("encerramento", AC)
    p.ato("encerramento", AC, dias=p.dias_ate_vencer("recurso_final"))
    assert p.estado == "quitado"
    return p


def caminho_provido_em_parte_e_recurso_final_provido() -> Processo:
    p = ate("em_recurso")
    p.ato("recebimento_autos_recurso", CP)
    p.ato("decisao_recurso_provido_em_parte", CP, multa=Decimal("400.00"))
    assert p.estado == "recurso_decidido"
    r = p.ato("ciencia_decisao_recurso", AC)
    # a reforma fixou outra multa: a ciência abre novo prazo de pagamento para ela
    assert r.prazos_iniciados == ("prazo.lesta.recurso_final", "prazo.lesta.pagamento")
    p.ato("recurso_final", CP)
    assert p.estado == "em_recurso_final"
    assert "prazo.lesta.pagamento" in p.vencimentos
    # o recebimento da 1ª instância não impede o da última (cada instância, uma vez)
    r = p.ato("recebimento_autos_recurso_final", DPC, dias=6)
    assert r.prazos_iniciados == ("prazo.lesta.decisao_recurso_final",)
    p.ato("decisao_recurso_final_provido", DPC)
    assert p.estado == "arquivado"
    return p


def caminho_pagamento_no_recurso_provido_e_restituicao() -> Processo:
    p = ate("em_recurso")
    p.ato("pagamento", AC)  # recurso sem efeito suspensivo: o pagamento cabe e é registrado
    assert p.estado == "em_recurso" and p.pago == MULTA
    with pytest.raises(Conflito, match="já está paga"):
        p.ato("pagamento", AC)
    p.ato("decisao_recurso_provido", CP)
    assert p.estado == "aguardando_restituicao"
    with pytest.raises(Conflito, match="não há restituição pendente"):
        p.ato("restituicao_efetuada", AC)
    p.ato("restituicao_devida", CP, dias=0)  # o serviço o registra com a decisão
    assert p.reconhecida == MULTA
    assert p.ato("correcao", CP, corrige="decisao_recurso_provido").estado_destino == (
        "aguardando_restituicao"
    )
    p.ato("restituicao_efetuada", AC)
    assert p.estado == "arquivado"
    return p


def caminho_pagamento_e_provimento_parcial_com_restituicao() -> Processo:
    p = ate("decisao_notificada")
    p.ato("pagamento", AC)  # dentro do prazo de recurso: o infrator ainda pode recorrer
    assert p.estado == "decisao_notificada"
    p.ato("recurso", AC)
    p.ato("decisao_recurso_provido_em_parte", CP, multa=Decimal("400.00"))
    p.ato("restituicao_devida", CP, dias=0)
    assert p.reconhecida == Decimal("600.00")
    r = p.ato("ciencia_decisao_recurso", CP)
    assert r.prazos_iniciados == ("prazo.lesta.recurso_final",)  # nada mais a pagar
    with pytest.raises(Conflito, match="restituição pendente"):
        p.ato("encerramento", AC, dias=p.dias_ate_vencer("recurso_final"))
    p.ato("restituicao_efetuada", AC, dias=0)
    p.ato("encerramento", AC, dias=0)
    assert p.estado == "quitado"
    return p


def caminho_efeito_suspensivo() -> Processo:
    todos = Processo()
    for estado, papel, decisao in (
        ("em_recurso", CP, "decisao_recurso_nao_provido"),
        ("em_recurso_final", DPC, "decisao_recurso_final_nao_provido"),
    ):
        p = ate(estado)
        r = p.ato("efeito_suspensivo", papel)
        assert r.estado_destino == estado
        assert r.prazos_encerrados == ("prazo.lesta.pagamento",)
        with pytest.raises(Conflito, match="efeito suspensivo concedido"):
            p.ato("efeito_suspensivo", papel)
        with pytest.raises(Conflito, match="efeito suspensivo concedido"):
            p.ato("inscricao_divida_ativa", AC, dias=30)
        p.ato(decisao, papel)
        ciencia = {"em_recurso": "ciencia_decisao_recurso"}.get(
            estado, "ciencia_decisao_recurso_final"
        )
        r = p.ato(ciencia, AC)
        # a decisão do recurso encerra a suspensão: a ciência reabre o prazo de pagamento
        assert "prazo.lesta.pagamento" in r.prazos_iniciados
        todos.cobertos |= p.cobertos
    return todos


def caminho_divida_ativa_com_recurso_pendente() -> Processo:
    p = ate("em_recurso")
    p.ato("inscricao_divida_ativa", AC, dias=p.dias_ate_vencer("pagamento"))
    assert p.estado == "em_recurso"  # o recurso segue; a multa já está encaminhada
    with pytest.raises(Conflito, match="já foi encaminhada"):
        p.ato("inscricao_divida_ativa", AC)
    p.ato("decisao_recurso_nao_provido", CP)
    p.ato("ciencia_decisao_recurso", CP)
    p.ato("encerramento", AC, dias=p.dias_ate_vencer("recurso_final"))
    assert p.estado == "divida_ativa"
    return p


def caminho_recurso_provido_depois_do_encaminhamento_e_comunicacao_a_pgfn() -> Processo:
    """Sem efeito suspensivo (LESTA art. 24 § 1º), a multa vencida vai à dívida ativa com os
    recursos pendentes; provido o recurso (ou o recurso final), a OM comunica a PGFN (NORMAM-07
    item 0314) antes de arquivar. No estado de espera cabem a correção, o procurador e o
    levantamento de medida, sem mudá-lo; sem débito e sem penalidade."""
    m = maquina()
    todos = Processo()
    assert "aguardando_cancelamento_divida_ativa" in m.estados_com("sem_debito")
    assert "aguardando_cancelamento_divida_ativa" not in m.estados_finais()
    for recurso, decisao, quem in (
        ("em_recurso", "decisao_recurso_provido", CP),
        ("em_recurso_final", "decisao_recurso_final_provido", DPC),
    ):
        p = ate(recurso)
        p.ato("inscricao_divida_ativa", AC, dias=p.dias_ate_vencer("pagamento"))
        assert p.ato(decisao, quem).estado_destino == "aguardando_cancelamento_divida_ativa"
        assert p.ato("correcao", AC, corrige="inscricao_divida_ativa").estado_destino == p.estado
        assert p.ato("constituicao_procurador", AC).estado_destino == p.estado
        r = p.ato("levantamento_de_medida", IN, medidas_levantaveis=1)
        assert r.estado_destino == "aguardando_cancelamento_divida_ativa"
        with pytest.raises(Conflito, match="não pode registrar"):
            p.ato("comunicacao_cancelamento_divida_ativa", IN)
        assert p.ato("comunicacao_cancelamento_divida_ativa", AC).estado_destino == "arquivado"
        todos.cobertos |= p.cobertos
    return todos


def caminho_despacho_no_sobrestamento() -> Processo:
    """O despacho da autoridade no processo sobrestado (o acompanhamento do inquérito) não muda
    o estado nem abre prazo (Lei 9.873/1999 art. 1º § 1º: a intercorrente recomeça dele)."""
    p = ate("sobrestado")
    with pytest.raises(Conflito, match="não pode registrar"):
        p.ato("despacho_sobrestamento", IN)
    r = p.ato("despacho_sobrestamento", CP)
    assert (r.estado_destino, r.prazos_iniciados, p.vencimentos) == ("sobrestado", (), {})
    return p


def caminho_demolicao_imposta_cumprida_e_executada() -> Processo:
    """RLESTA art. 26: multa e demolição da obra; a decisão fixa o prazo da demolição."""
    p = ate("aguardando_julgamento")
    p.ato("julgamento_procedente", AC, multa_imposta=True, acessorias=("demolicao_obra",))
    r = p.ato("ciencia_decisao", AC)
    assert r.prazos_iniciados == (
        "prazo.lesta.recurso",
        "prazo.lesta.pagamento",
        "prazo.lesta.acessoria",
    )
    with pytest.raises(Conflito, match="o infrator tem até"):
        p.ato("execucao_direta_acessoria", AC)
    p.ato("pagamento", AC, dias=p.dias_ate_vencer("recurso"))
    # paga e sem recurso, mas a demolição segue pendente: o processo não se quita ainda
    assert p.estado == "decisao_notificada"
    with pytest.raises(Conflito, match="penalidade acessória pendente"):
        p.ato("encerramento", AC)
    r = p.ato("cumprimento_acessoria", IN)
    assert r.prazos_encerrados == ("prazo.lesta.acessoria",) and r.sinalizadores == ()
    p.ato("encerramento", AC)
    assert p.estado == "quitado"
    return p


def caminho_acessorias_em_todo_estado_apos_a_ciencia() -> Processo:
    todos = Processo()
    apos_ciencia = ORDEM_CANONICA[ORDEM_CANONICA.index("decisao_notificada") :]
    for estado in apos_ciencia:
        p = ate(estado)
        p.ato("cumprimento_acessoria", AC, dias=0, acessorias=("demolicao_obra",))
        q = ate(estado)
        q.vencimentos["prazo.lesta.acessoria"] = q.hoje
        q.ato("execucao_direta_acessoria", AC, acessorias=("demolicao_obra",))
        assert p.estado == q.estado == estado and p.acessorias == q.acessorias == ()
        todos.cobertos |= p.cobertos | q.cobertos
    return todos


def caminho_cumprimento_em_todo_estado_apos_a_ciencia() -> Processo:
    """Pagamento, dívida ativa e restituição cabem em todo estado após a ciência da decisão."""
    todos = Processo()
    apos_ciencia = ORDEM_CANONICA[ORDEM_CANONICA.index("decisao_notificada") :]
    for estado in apos_ciencia:
        p = ate(estado)
        p.ato("pagamento", AC)
        assert p.estado in (estado, "quitado")
        q = ate(estado)
        q.ato("inscricao_divida_ativa", AC, dias=q.dias_ate_vencer("pagamento"))
        assert q.estado in (estado, "divida_ativa")
        todos.cobertos |= p.cobertos | q.cobertos
    for estado in ("recurso_decidido", "recurso_final_decidido"):
        p = ate(estado)
        p.ato("restituicao_devida", CP if estado == "recurso_decidido" else DPC, pago=MULTA * 2)
        todos.cobertos |= p.cobertos
    for estado in (
        "recurso_decidido",
        "decisao_recurso_notificada",
        "em_recurso_final",
        "recurso_final_decidido",
        "decisao_definitiva_notificada",
    ):
        p = ate(estado)
        p.ato("restituicao_efetuada", AC, pago=MULTA * 2, reconhecida=MULTA)
        assert p.estado == estado and p.restituida == MULTA
        todos.cobertos |= p.cobertos
    return todos


def caminho_recurso_final_nao_provido_e_pagamento() -> Processo:
    p = ate("decisao_definitiva_notificada")
    assert set(p.vencimentos) == {"prazo.lesta.pagamento"}
    p.ato("pagamento", AC, dias=15)
    assert p.estado == "quitado"
    return p


def caminho_recurso_final_provido_em_parte_e_divida_ativa() -> Processo:
    p = ate("em_recurso_final")
    p.ato("decisao_recurso_final_provido_em_parte", DPC)
    p.ato("ciencia_decisao_recurso_final", DPC)
    with pytest.raises(Conflito, match="prazo de pagamento em curso"):
        p.ato("inscricao_divida_ativa", AC, dias=p.dias_ate_vencer("pagamento") - 1)
    p.ato("inscricao_divida_ativa", AC)
    assert p.estado == "divida_ativa"
    return p


def caminho_divida_ativa_sem_recurso() -> Processo:
    p = ate("decisao_notificada")
    p.ato("inscricao_divida_ativa", AC, dias=p.dias_ate_vencer("pagamento"))
    assert p.estado == "divida_ativa" and p.vencimentos == {}
    return p


def caminho_divida_ativa_e_baixa_comunicada_pela_pgfn() -> Processo:
    """LESTA art. 20: quem está em débito o está "até a sua quitação"; NORMAM-07 item 0314: a
    cobrança da dívida inscrita é do Procurador da Fazenda Nacional. O processo espera em
    `divida_ativa`, sem prazo nenhum da OM correndo e sem a marca `sem_debito`, a baixa que a
    PGFN comunica (quitação ou extinção), registrada pela Autoridade Competente; nele cabem os
    atos de qualquer estado não final, sem mudar o estado."""
    m = maquina()
    p = caminho_divida_ativa_sem_recurso()
    assert "divida_ativa" not in (*m.estados_finais(), *m.estados_com("sem_debito"))
    r = p.ato("correcao", AC, corrige="inscricao_divida_ativa")
    assert r.estado_destino == "divida_ativa"
    r = p.ato("levantamento_de_medida", IN, medidas_levantaveis=1)
    assert r.estado_destino == "divida_ativa"
    assert p.ato("constituicao_procurador", AC).estado_destino == "divida_ativa"
    with pytest.raises(Conflito, match="não pode registrar"):
        p.ato("baixa_divida_ativa", IN)
    r = p.ato("baixa_divida_ativa", AC, dias=400)
    assert (p.estado, p.vencimentos, r.prazos_iniciados) == ("divida_ativa_baixada", {}, ())
    assert "divida_ativa_baixada" in m.estados_finais()
    assert "divida_ativa_baixada" in m.estados_com("sem_debito")
    assert r.fundamentos[:2] == ("LESTA art. 20", "NORMAM-07/DPC item 0314")
    return p


def caminho_divida_ativa_apos_recurso() -> Processo:
    p = ate("decisao_recurso_notificada")
    p.ato("inscricao_divida_ativa", AC, dias=p.dias_ate_vencer("pagamento"))
    assert p.estado == "divida_ativa"
    return p


def caminho_penalidade_sem_multa_encerrada_apos_o_prazo_de_recurso() -> Processo:
    p = ate("aguardando_julgamento")
    p.ato("julgamento_procedente", AC, multa_imposta=False)
    r = p.ato("ciencia_decisao", AC)
    assert r.prazos_iniciados == ("prazo.lesta.recurso",)  # sem multa, sem prazo de pagamento
    with pytest.raises(Conflito, match="prazo de recurso em curso"):
        p.ato("encerramento", AC)
    p.ato("encerramento", AC, dias=p.dias_ate_vencer("recurso"))
    assert p.estado == "encerrado"
    return p


def caminho_encerramento_apos_recursos_sem_multa() -> Processo:
    p = ate("recurso_decidido")
    # o recurso em 1ª instância afastou a multa e manteve a suspensão da habilitação
    r = p.ato("ciencia_decisao_recurso", CP, multa_imposta=False)
    assert r.prazos_iniciados == ("prazo.lesta.recurso_final",)
    p.ato("encerramento", AC, dias=p.dias_ate_vencer("recurso_final"))
    q = ate("recurso_final_decidido")
    q.ato("ciencia_decisao_recurso_final", AC, multa_imposta=False)
    q.ato("encerramento", AC)
    assert p.estado == q.estado == "encerrado"
    p.cobertos |= q.cobertos
    return p


def caminho_sobrestamento_e_levantamento() -> Processo:
    todos = Processo()
    for origem in ("constatada", "notificado", "autuado", "em_defesa", "aguardando_julgamento"):
        p = ate(origem)
        p.ato("sobrestamento", CP, inquerito_acidente_pendente=True)
        assert p.estado == "sobrestado" and p.vencimentos == {}
        with pytest.raises(Conflito, match="aguardando a decisão final do Tribunal Marítimo"):
            p.ato("levantamento_sobrestamento", AC)
        r = p.ato("levantamento_sobrestamento", AC, dias=400, inquerito_acidente_pendente=False)
        if origem in ("notificado", "em_defesa"):
            # o prazo do interessado (esclarecimentos, defesa) espera a ciência do levantamento
            assert (p.estado, r.prazos_iniciados, p.vencimentos) == (
                "sobrestamento_levantado",
                (),
                {},
            )
            r = p.ato("ciencia_levantamento_sobrestamento", IN, dias=20)
        assert p.estado == origem
        assert r.prazos_iniciados == maquina().estados[origem].prazos
        todos.cobertos |= p.cobertos
    return todos


def caminho_correcao_em_todo_estado_nao_final() -> Processo:
    todos = Processo()
    for estado in [*ORDEM_CANONICA, "sobrestado", "sobrestamento_levantado"]:
        p = ate(estado)
        dono = {"constatada": IN}.get(estado, AC)
        corrige = "notificacao_comparecimento" if dono == IN else "lavratura_auto"
        r = p.ato("correcao", dono, corrige=corrige)
        assert r.estado_destino == estado
        assert r.prazos_iniciados == r.prazos_encerrados == ()
        todos.cobertos |= p.cobertos
    return todos


def caminho_levantamento_de_medida_em_todo_estado_nao_final() -> Processo:
    """LESTA art. 16 § 2º; Norma de 2023 item 3.7, nota 2: a medida aplicada liminarmente se
    levanta em qualquer estado não final, pelo inspetor ou pela Autoridade Competente, sem mudar
    o estado nem os prazos do procedimento sancionador (nota 1: ele segue)."""
    todos = Processo()
    papeis = (IN, AC)
    for n, estado in enumerate([*ORDEM_CANONICA, "sobrestado", "sobrestamento_levantado"]):
        p = ate(estado)
        abertos = dict(p.vencimentos)
        r = p.ato("levantamento_de_medida", papeis[n % len(papeis)], medidas_levantaveis=1)
        assert r.estado_destino == estado
        assert r.prazos_iniciados == r.prazos_encerrados == ()
        assert p.vencimentos == abertos
        todos.cobertos |= p.cobertos
    p = ate("em_recurso")
    p.ato("pagamento", AC)
    p.ato("decisao_recurso_provido", CP)
    r = p.ato("levantamento_de_medida", IN, medidas_levantaveis=1)
    assert r.estado_destino == "aguardando_restituicao"
    todos.cobertos |= p.cobertos
    return todos


def test_levantamento_sem_medida_em_vigor_e_recusado_no_campo_da_medida() -> None:
    # Só se levanta o que está em vigor: a medida já levantada, ou a apreensão sob custódia
    # (que sai pelo Termo de Entrega), não deixa o ato disponível.
    p = ate("em_defesa")
    with pytest.raises(Conflito) as e:
        p.ato("levantamento_de_medida", IN, medidas_levantaveis=0)
    assert "não há medida administrativa em vigor" in e.value.mensagem
    assert e.value.campo == "dados.medida_id"
    assert e.value.regra == "LESTA art. 16, § 2º"


def caminho_procurador_em_todo_estado_nao_final() -> Processo:
    """Norma de 2023, item 3.6.6: o procurador se constitui em qualquer estado não final, pelo
    inspetor, pela Autoridade Competente ou pelo Capitão dos Portos, sem mudar o estado nem os
    prazos (o instrumento é anexado ao ato pelo serviço)."""
    todos = Processo()
    papeis = (IN, AC, CP)
    for n, estado in enumerate([*ORDEM_CANONICA, "sobrestado", "sobrestamento_levantado"]):
        p = ate(estado)
        abertos = dict(p.vencimentos)
        r = p.ato("constituicao_procurador", papeis[n % len(papeis)])
        assert r.estado_destino == estado
        assert r.prazos_iniciados == r.prazos_encerrados == ()
        assert p.vencimentos == abertos
        todos.cobertos |= p.cobertos
    p = ate("em_recurso")  # paga durante o recurso, que é provido: restituição pendente
    p.ato("pagamento", AC)
    p.ato("decisao_recurso_provido", CP)
    assert p.ato("constituicao_procurador", AC).estado_destino == "aguardando_restituicao"
    todos.cobertos |= p.cobertos
    return todos


CAMINHOS: list[Callable[[], Processo]] = [
    caminho_arquivamento_apos_esclarecimentos_acolhidos,
    caminho_notificacao_da_apuracao_so_corre_da_ciencia,
    caminho_auto_apos_esclarecimentos_nao_acolhidos,
    caminho_revelia_e_multa_paga,
    caminho_renuncia_e_improcedente,
    caminho_defesa_e_improcedente,
    caminho_recurso_provido,
    caminho_recurso_nao_provido_e_pagamento,
    caminho_provido_em_parte_e_recurso_final_provido,
    caminho_recurso_final_nao_provido_e_pagamento,
    caminho_recurso_final_provido_em_parte_e_divida_ativa,
    caminho_divida_ativa_sem_recurso,
    caminho_divida_ativa_apos_recurso,
    caminho_divida_ativa_e_baixa_comunicada_pela_pgfn,
    caminho_penalidade_sem_multa_encerrada_apos_o_prazo_de_recurso,
    caminho_encerramento_apos_recursos_sem_multa,
    caminho_sobrestamento_e_levantamento,
    caminho_correcao_em_todo_estado_nao_final,
    caminho_procurador_em_todo_estado_nao_final,
    caminho_levantamento_de_medida_em_todo_estado_nao_final,
    caminho_pagamento_no_recurso_provido_e_restituicao,
    caminho_pagamento_e_provimento_parcial_com_restituicao,
    caminho_efeito_suspensivo,
    caminho_divida_ativa_com_recurso_pendente,
    caminho_recurso_provido_depois_do_encaminhamento_e_comunicacao_a_pgfn,
    caminho_despacho_no_sobrestamento,
    caminho_cumprimento_em_todo_estado_apos_a_ciencia,
    caminho_demolicao_imposta_cumprida_e_executada,
    caminho_acessorias_em_todo_estado_apos_a_ciencia,
]


def test_recurso_provido_depois_do_encaminhamento_espera_a_comunicacao_a_pgfn() -> None:
    caminho_recurso_provido_depois_do_encaminhamento_e_comunicacao_a_pgfn()


def test_despacho_no_processo_sobrestado() -> None:
    caminho_despacho_no_sobrestamento()


def test_arquivamento_apos_esclarecimentos_acolhidos() -> None:
    caminho_arquivamento_apos_esclarecimentos_acolhidos()


def test_auto_lavrado_apos_esclarecimentos_nao_acolhidos() -> None:
    caminho_auto_apos_esclarecimentos_nao_acolhidos()


def test_revelia_julgamento_procedente_e_multa_paga() -> None:
    caminho_revelia_e_multa_paga()


def test_renuncia_a_defesa_e_julgamento_improcedente() -> None:
    caminho_renuncia_e_improcedente()


def test_defesa_e_julgamento_improcedente_arquivam() -> None:
    caminho_defesa_e_improcedente()


def test_recurso_provido_arquiva() -> None:
    caminho_recurso_provido()


def test_recurso_nao_provido_e_pagamento_apos_a_ciencia() -> None:
    caminho_recurso_nao_provido_e_pagamento()


def test_recurso_provido_em_parte_e_recurso_final_provido() -> None:
    caminho_provido_em_parte_e_recurso_final_provido()


def test_recurso_final_nao_provido_e_pagamento() -> None:
    caminho_recurso_final_nao_provido_e_pagamento()


def test_recurso_final_provido_em_parte_e_divida_ativa_apos_o_vencimento() -> None:
    caminho_recurso_final_provido_em_parte_e_divida_ativa()


def test_divida_ativa_quando_nao_ha_recurso_nem_pagamento() -> None:
    caminho_divida_ativa_sem_recurso()


def test_divida_ativa_espera_a_baixa_comunicada_pela_pgfn_e_so_entao_sai_do_debito() -> None:
    caminho_divida_ativa_e_baixa_comunicada_pela_pgfn()


def test_divida_ativa_apos_a_decisao_do_recurso() -> None:
    caminho_divida_ativa_apos_recurso()


def test_penalidade_sem_multa_encerra_apos_o_prazo_de_recurso() -> None:
    caminho_penalidade_sem_multa_encerrada_apos_o_prazo_de_recurso()


def test_encerramento_sem_multa_apos_cada_instancia_de_recurso() -> None:
    caminho_encerramento_apos_recursos_sem_multa()


def test_sobrestamento_e_levantamento_voltam_ao_estado_anterior_e_reiniciam_prazos() -> None:
    caminho_sobrestamento_e_levantamento()


def test_correcao_cabe_em_todo_estado_nao_final_e_nao_muda_o_estado() -> None:
    caminho_correcao_em_todo_estado_nao_final()


def test_procurador_se_constitui_em_todo_estado_nao_final_sem_mudar_o_estado() -> None:
    caminho_procurador_em_todo_estado_nao_final()


def test_procurador_nao_se_constitui_em_estado_final_nem_pelo_dpc_ou_sem_atos() -> None:
    m = maquina()
    for estado in m.estados_finais():
        with pytest.raises(Conflito, match="o processo está encerrado"):
            m.transicao(estado, "constituicao_procurador", AC)
    for papel in (DPC, "auditor", "consulta"):
        with pytest.raises(Conflito) as e:
            m.transicao("em_defesa", "constituicao_procurador", papel)
        assert e.value.campo == "papel"


def test_pagamento_durante_o_recurso_e_recurso_provido_geram_restituicao() -> None:
    caminho_pagamento_no_recurso_provido_e_restituicao()


def test_pagamento_e_provimento_parcial_deixam_restituicao_antes_de_quitar() -> None:
    caminho_pagamento_e_provimento_parcial_com_restituicao()


def test_efeito_suspensivo_suspende_pagamento_e_divida_ativa_ate_a_decisao() -> None:
    caminho_efeito_suspensivo()


def test_divida_ativa_com_recurso_pendente_sem_efeito_suspensivo() -> None:
    caminho_divida_ativa_com_recurso_pendente()


def test_pagamento_e_divida_ativa_cabem_em_todo_estado_apos_a_ciencia() -> None:
    caminho_cumprimento_em_todo_estado_apos_a_ciencia()


def test_demolicao_tem_prazo_fixado_na_decisao_e_impede_quitar_enquanto_pendente() -> None:
    caminho_demolicao_imposta_cumprida_e_executada()


def test_acessorias_cumpridas_ou_executadas_em_todo_estado_apos_a_ciencia() -> None:
    caminho_acessorias_em_todo_estado_apos_a_ciencia()


def test_toda_transicao_de_todo_estado_de_origem_e_exercitada() -> None:
    m = maquina()
    esperados = {(origem, t.tipo_ato) for t in m.transicoes for origem in m.origens(t)}
    cobertos: set[tuple[str, str]] = set()
    for caminho in CAMINHOS:
        cobertos |= caminho().cobertos
    assert esperados - cobertos == set()


# --- fora de ordem ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("estado", "tipo_ato", "papel", "trecho"),
    [
        ("autuado", "recurso", AC, 'Capitão dos Portos" não cabe no estado "Auto de Infração'),
        ("constatada", "lavratura_auto", AC, 'só cabe em "Notificado para comparecimento"'),
        ("em_defesa", "julgamento_procedente", AC, 'estado "Prazo de defesa em curso"; só'),
        ("julgado_procedente", "pagamento", AC, 'o ato "Pagamento da multa" não cabe'),
        ("julgado_procedente", "inscricao_divida_ativa", AC, 'ciência da decisão"; só cabe'),
        ("decisao_notificada", "recurso_final", CP, 'só cabe em "Decisão do recurso notificada'),
        ("em_recurso", "decisao_recurso_final_provido", DPC, 'efeito suspensivo)"; só cabe em'),
        ("decisao_notificada", "levantamento_sobrestamento", AC, 'só cabe em "Sobrestado'),
        ("julgado_procedente", "sobrestamento", AC, 'ciência da decisão"; só cabe em'),
        ("arquivado", "recurso", AC, 'estado "Arquivado"; o processo está encerrado'),
        ("quitado", "correcao", AC, 'estado "Multa paga"; o processo está encerrado'),
        ("decisao_notificada", "baixa_divida_ativa", AC, 'só cabe em "Encaminhado para inscr'),
        ("divida_ativa_baixada", "baixa_divida_ativa", AC, "o processo está encerrado"),
    ],
)
def test_ato_fora_de_ordem_e_recusado_com_conflito(
    estado: str, tipo_ato: str, papel: str, trecho: str
) -> None:
    corrige = "defesa" if tipo_ato == "correcao" else None
    with pytest.raises(Conflito) as e:
        maquina().transicao(estado, tipo_ato, papel, corrige=corrige)
    assert trecho in e.value.mensagem
    assert f"({estado})" not in e.value.mensagem and f"({tipo_ato})" not in e.value.mensagem
    assert e.value.campo == "tipo_ato"
    assert e.value.regra  # a citação do ato


def test_recurso_no_estado_autuado_cita_o_item_3_6_4() -> None:
    with pytest.raises(Conflito) as e:
        maquina().transicao("autuado", "recurso", AC)
    # o ato e os estados pelos nomes do quadro (procedimento_lesta.yaml), sem os ids internos
    assert str(e.value) == (
        'tipo_ato: o ato "Recurso em 1ª instância, dirigido ao Capitão dos Portos" '
        'não cabe no estado "Auto de Infração lavrado, aguardando ciência do infrator"; '
        'só cabe em "Decisão notificada ao autuado" (NORMAM (Port. 110/2023) item 3.6.4 a)'
    )


def test_ato_com_duas_origens_nomeia_as_duas_na_ordem_do_quadro() -> None:
    # o efeito suspensivo cabe no recurso de 1ª instância e no de última instância
    with pytest.raises(Conflito) as e:
        maquina().transicao("constatada", "efeito_suspensivo", AC)
    assert (
        'só cabe em "Recurso em 1ª instância, aguardando decisão do Capitão dos Portos (o prazo '
        'de pagamento continua, salvo efeito suspensivo)" ou "Recurso em última '
        "instância, aguardando decisão do DPC (o prazo de pagamento continua, salvo efeito "
        'suspensivo)"'
    ) in e.value.mensagem


def test_nenhum_ato_cabe_num_estado_final() -> None:
    m = maquina()
    for estado in (e.id for e in m.estados.values() if e.final):
        for papel in PAPEIS:
            assert m.atos_permitidos(estado, papel) == []


# --- papéis ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("estado", "tipo_ato", "papel"),
    [
        ("aguardando_julgamento", "julgamento_procedente", IN),
        ("aguardando_julgamento", "julgamento_procedente", CP),
        ("notificado", "lavratura_auto", IN),
        ("em_recurso", "decisao_recurso_nao_provido", AC),
        ("em_recurso", "decisao_recurso_provido", DPC),
        ("em_recurso_final", "decisao_recurso_final_nao_provido", CP),
        ("em_defesa", "revelia", IN),
        ("decisao_notificada", "pagamento", IN),
        ("constatada", "notificacao_comparecimento", "auditor"),
        ("constatada", "notificacao_comparecimento", "consulta"),
    ],
)
def test_papel_errado_e_recusado_com_conflito(estado: str, tipo_ato: str, papel: str) -> None:
    with pytest.raises(Conflito) as e:
        maquina().transicao(estado, tipo_ato, papel)
    assert e.value.mensagem.startswith(f"o papel {nome_do_papel(papel)} não pode ")
    # o ato pelo nome da transição que parte do estado (o pagamento tem duas, com nomes próprios)
    m = maquina()
    t = next(t for t in m.transicoes if t.tipo_ato == tipo_ato and estado in m.origens(t))
    assert f'registrar o ato "{t.nome}"; cabe a: ' in e.value.mensagem
    assert f"({papel})" not in e.value.mensagem and f"({tipo_ato})" not in e.value.mensagem
    assert e.value.campo == "papel"


def test_inspetor_nao_julga_e_a_mensagem_diz_quem_julga() -> None:
    with pytest.raises(Conflito) as e:
        maquina().transicao("aguardando_julgamento", "julgamento_procedente", IN)
    assert str(e.value) == (
        "papel: o papel Inspetor Naval não pode registrar o ato "
        '"Julgamento procedente do Auto, com imposição de penalidade"; '
        "cabe a: Autoridade Competente (NORMAM (Port. 110/2023) item 3.6.3 c)"
    )


def test_auditor_e_consulta_nao_registram_ato_nenhum() -> None:
    m = maquina()
    for estado in m.estados:
        assert m.atos_permitidos(estado, "auditor") == []
        assert m.atos_permitidos(estado, "consulta") == []


def test_atos_permitidos_dependem_do_estado_e_do_papel() -> None:
    m = maquina()

    def tipos(estado: str, papel: str) -> list[str]:
        return [t.tipo_ato for t in m.atos_permitidos(estado, papel)]

    assert tipos("constatada", IN) == [
        "notificacao_comparecimento",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("em_defesa", IN) == [
        "renuncia_defesa",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("em_defesa", AC) == [
        "defesa",
        "renuncia_defesa",
        "revelia",
        "sobrestamento",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("em_recurso", CP) == [
        "decisao_recurso_provido",
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_nao_provido",
        "efeito_suspensivo",
        "recebimento_autos_recurso",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("em_recurso", AC) == [
        "efeito_suspensivo",
        "pagamento",
        "inscricao_divida_ativa",
        "cumprimento_acessoria",
        "execucao_direta_acessoria",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("em_recurso_final", DPC) == [
        "decisao_recurso_final_provido",
        "decisao_recurso_final_provido_em_parte",
        "decisao_recurso_final_nao_provido",
        "efeito_suspensivo",
        "recebimento_autos_recurso_final",
        "correcao",
    ]
    assert tipos("decisao_notificada", AC) == [
        "recurso",
        "pagamento",
        "inscricao_divida_ativa",
        "cumprimento_acessoria",
        "execucao_direta_acessoria",
        "encerramento",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("divida_ativa", AC) == [
        "baixa_divida_ativa",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]
    assert tipos("sobrestado", AC) == [
        "despacho_sobrestamento",
        "levantamento_sobrestamento",
        "levantamento_de_medida",
        "constituicao_procurador",
        "correcao",
    ]


def test_so_quem_registra_o_ato_pode_corrigi_lo() -> None:
    m = maquina()
    assert m.transicao("em_recurso", "correcao", CP, corrige="decisao_recurso_nao_provido")
    with pytest.raises(Conflito) as e:
        m.transicao("em_recurso", "correcao", IN, corrige="julgamento_procedente")
    assert e.value.mensagem == (
        "o papel Inspetor Naval não pode corrigir o ato "
        '"Julgamento procedente do Auto, com imposição de penalidade"; '
        "cabe a: Autoridade Competente"
    )
    assert e.value.regra == "Lei 9.784/1999 art. 55"
    with pytest.raises(EntradaInvalida) as sem_alvo:
        m.transicao("em_recurso", "correcao", AC)
    assert sem_alvo.value.campo == "corrige"
    with pytest.raises(EntradaInvalida, match="não corrigível"):
        m.transicao("em_recurso", "correcao", AC, corrige="correcao")
    with pytest.raises(EntradaInvalida, match="não corrigível"):
        m.transicao("em_recurso", "correcao", AC, corrige="rasura")
    with pytest.raises(EntradaInvalida, match="só se informa num ato de correção"):
        m.transicao("em_recurso", "decisao_recurso_provido", CP, corrige="recurso")


def test_estado_papel_ou_ato_desconhecido_e_entrada_invalida() -> None:
    m = maquina()
    with pytest.raises(EntradaInvalida) as e:
        m.transicao("julgado", "recurso", AC)
    assert e.value.campo == "estado"
    with pytest.raises(EntradaInvalida) as e:
        m.transicao("autuado", "ciencia_auto", "almirante")
    assert e.value.campo == "papel"
    with pytest.raises(EntradaInvalida) as e:
        m.transicao("autuado", "embargo", AC)
    assert e.value.campo == "tipo_ato"
    with pytest.raises(EntradaInvalida):
        m.atos_permitidos("autuado", "almirante")


# --- guardas: registrar, não bloquear; recusar só o que a norma proíbe ------------------------


def test_recurso_fora_do_prazo_e_aceito_e_sinalizado_intempestivo() -> None:
    p = ate("decisao_notificada")
    r = p.ato("recurso", AC, dias=p.dias_ate_vencer("recurso"))
    assert p.estado == "em_recurso"
    assert r.sinalizadores == ("intempestivo",)


def test_recurso_no_ultimo_dia_do_prazo_e_tempestivo() -> None:
    p = ate("decisao_notificada")
    r = p.ato("recurso", AC, dias=p.dias_ate_vencer("recurso") - 1)
    assert r.sinalizadores == ()


def test_recurso_final_e_defesa_fora_do_prazo_tambem_sao_aceitos_e_sinalizados() -> None:
    p = ate("decisao_recurso_notificada")
    assert p.ato("recurso_final", CP, dias=30).sinalizadores == ("intempestivo",)
    q = ate("em_defesa")
    assert q.ato("defesa", AC, dias=q.dias_ate_vencer("defesa")).sinalizadores == ("intempestivo",)
    assert q.estado == "aguardando_julgamento"


def test_pagamento_apos_o_vencimento_quita_e_e_sinalizado() -> None:
    p = ate("decisao_notificada")
    r = p.ato("pagamento", AC, dias=p.dias_ate_vencer("pagamento") + 10)
    assert p.estado == "quitado" and r.sinalizadores == ("intempestivo",)


def test_julgamento_depois_dos_trinta_dias_e_sinalizado_prazo_extrapolado() -> None:
    p = ate("aguardando_julgamento")
    r = p.ato("julgamento_procedente", AC, dias=p.dias_ate_vencer("julgamento"), multa_imposta=True)
    assert r.sinalizadores == ("prazo_extrapolado",)
    q = ate("em_recurso")
    r = q.ato("decisao_recurso_nao_provido", CP, dias=q.dias_ate_vencer("decisao_recurso"))
    assert r.sinalizadores == ("prazo_extrapolado",)


def test_revelia_no_ultimo_dia_do_prazo_de_defesa_e_recusada() -> None:
    p = ate("em_defesa")
    with pytest.raises(Conflito) as e:
        p.ato("revelia", AC, dias=p.dias_ate_vencer("defesa") - 1)
    assert "prazo de defesa em curso até" in e.value.mensagem
    assert e.value.regra == "LESTA art. 23 §2º"
    assert p.estado == "em_defesa"


def test_auto_por_nao_comparecimento_so_depois_do_prazo_de_esclarecimentos() -> None:
    p = ate("notificado")
    with pytest.raises(Conflito, match="prazo para prestar esclarecimentos em curso"):
        p.ato("lavratura_auto", AC, dias=p.dias_ate_vencer("comparecimento") - 1)
    p.ato("lavratura_auto", AC)
    assert p.estado == "autuado"


def test_sem_inquerito_pendente_nao_ha_sobrestamento() -> None:
    p = ate("em_defesa")
    with pytest.raises(Conflito, match="não há inquérito"):
        p.ato("sobrestamento", AC)


def test_infracao_de_poluicao_nao_se_sobresta() -> None:
    p = ate("em_defesa")
    with pytest.raises(Conflito, match="poluição das águas"):
        p.ato("sobrestamento", AC, inquerito_acidente_pendente=True, infracao_de_poluicao=True)


def test_sem_sobrestamento_registrado_o_inquerito_pendente_impede_a_sancao() -> None:
    p = ate("aguardando_julgamento")
    with pytest.raises(Conflito) as e:
        p.ato("julgamento_procedente", AC, inquerito_acidente_pendente=True)
    assert "LESTA art. 33, parágrafo único" in e.value.mensagem
    assert e.value.campo == "inquerito_acidente_pendente"
    q = ate("notificado")
    with pytest.raises(Conflito, match="Tribunal Marítimo"):
        q.ato("lavratura_auto", AC, dias=30, inquerito_acidente_pendente=True)


def test_na_poluicao_o_inquerito_pendente_nao_impede_a_sancao() -> None:
    p = ate("aguardando_julgamento")
    p.ato("julgamento_procedente", AC, inquerito_acidente_pendente=True, infracao_de_poluicao=True)
    assert p.estado == "julgado_procedente"


def test_o_improcedente_nao_e_sancao_e_nao_espera_o_tribunal() -> None:
    p = ate("aguardando_julgamento")
    p.ato("julgamento_improcedente", AC, inquerito_acidente_pendente=True)
    assert p.estado == "arquivado"


def test_pagamento_e_divida_ativa_exigem_multa_imposta() -> None:
    p = ate("decisao_notificada")
    p.multa_imposta = False
    with pytest.raises(Conflito, match="não há multa imposta"):
        p.ato("pagamento", AC)
    with pytest.raises(Conflito, match="não há multa imposta"):
        p.ato("inscricao_divida_ativa", AC, dias=60)


def test_encerramento_sem_pagar_e_recusado_quando_ha_multa() -> None:
    p = ate("decisao_definitiva_notificada")
    with pytest.raises(Conflito, match=r"há multa a pagar \(R\$ 1\.000,00\)"):
        p.ato("encerramento", AC, dias=60)


def test_divida_ativa_recusada_se_a_multa_ja_foi_paga_ou_sem_vencimento() -> None:
    p = ate("decisao_notificada")
    with pytest.raises(Conflito, match="a multa já foi paga"):
        p.ato("inscricao_divida_ativa", AC, dias=60, pago=MULTA)
    m = maquina()
    t = m.transicao("decisao_notificada", "inscricao_divida_ativa", AC)
    ctx = ContextoAto(data_ato=INICIO, multa_imposta=True)
    avaliacao = avaliar_guarda("prazo_pagamento_vencido_sem_pagamento", t, ctx, "lesta")
    assert not avaliacao.permitido
    assert "prazo.lesta.pagamento não informado" in avaliacao.motivo


def test_divida_ativa_espera_o_fim_do_prazo_de_recurso() -> None:
    m = maquina()
    t = m.transicao("decisao_notificada", "inscricao_divida_ativa", AC)
    vencimentos = {
        "prazo.lesta.pagamento": dt.date(2025, 3, 20),
        "prazo.lesta.recurso": dt.date(2025, 4, 1),
    }
    ctx = ContextoAto(
        data_ato=dt.date(2025, 4, 1),
        multa_imposta=True,
        valor_devido=MULTA,
        vencimentos=vencimentos,
    )
    # sem efeito suspensivo a multa vencida se encaminha, mas, com o prazo de recurso em curso,
    # o processo não se encerra: a decisão ainda pode ser recorrida
    r = m.aplicar("decisao_notificada", "inscricao_divida_ativa", AC, ctx)
    assert r.estado_destino == "decisao_notificada"
    assert avaliar_guarda("prazo_pagamento_vencido_sem_pagamento", t, ctx, "lesta").permitido
    depois = ContextoAto(
        data_ato=dt.date(2025, 4, 2),
        multa_imposta=True,
        valor_devido=MULTA,
        vencimentos=vencimentos,
    )
    assert m.aplicar("decisao_notificada", "inscricao_divida_ativa", AC, depois).estado_destino == (
        "divida_ativa"
    )


def test_levantamento_exige_estado_anterior_valido() -> None:
    m = maquina()
    for anterior in (None, "em_recurso", "arquivado"):
        ctx = ContextoAto(data_ato=INICIO, estado_anterior_ao_sobrestamento=anterior)
        with pytest.raises(EntradaInvalida) as e:
            m.aplicar("sobrestado", "levantamento_sobrestamento", AC, ctx)
        assert e.value.campo == "estado_anterior_ao_sobrestamento"


def test_estado_final_encerra_todos_os_prazos_ainda_em_curso() -> None:
    m = maquina()
    ctx = ContextoAto(
        data_ato=INICIO,
        multa_imposta=True,
        valor_devido=MULTA,
        vencimentos={
            "prazo.lesta.recurso": INICIO - dt.timedelta(days=1),
            "prazo.lesta.pagamento": INICIO + dt.timedelta(days=10),
        },
    )
    r = m.aplicar("decisao_notificada", "pagamento", AC, ctx)
    assert r.estado_destino == "quitado"
    assert r.prazos_encerrados == ("prazo.lesta.pagamento", "prazo.lesta.recurso")
    assert r.fundamentos[0] == "NORMAM (Port. 110/2023) item 3.6.3 d"
