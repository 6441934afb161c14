"""As contas da custódia (farol/rules/custodia.py): diárias pela tabela datada da OM, dias sem
tabela apontados e não cobrados, e o que falta pagar para liberar o bem (NORMAM-07 itens 0311 e
0312 a; LESTA art. 18). Cada número foi conferido à mão no comentário ao lado."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from farol.rules.custodia import Lancamento, Tarifa, extrato, numero_de_diarias, pendencias

D = dt.date
ITENS = ("guarda", "conservacao")
NOMES = {"guarda": "Guarda", "conservacao": "Conservação"}


def _t(item: str, desde: dt.date, valor: str) -> Tarifa:
    return Tarifa(item, desde, Decimal(valor), "Portaria 1/2026 da CPRJ")


def test_diarias_contam_do_recolhimento_ao_dia_anterior_a_entrega_no_minimo_uma() -> None:
    # 01/12 a 05/12: 01, 02, 03, 04 (o dia 05 é o da entrega e não se cobra) = 4
    assert numero_de_diarias(D(2026, 12, 1), D(2026, 12, 5)) == 4
    # entregue no mesmo dia em que foi recolhida: uma diária
    assert numero_de_diarias(D(2026, 12, 1), D(2026, 12, 1)) == 1


def test_a_mudanca_da_tabela_corta_o_trecho_e_cada_dia_se_cobra_pelo_valor_do_dia() -> None:
    tabela = [_t("guarda", D(2026, 1, 1), "50.00"), _t("guarda", D(2026, 12, 10), "60.00")]
    e = extrato(tabela, ITENS, D(2026, 12, 5), D(2026, 12, 15))
    # 05 a 09/12: 5 dias × 50,00 = 250,00; 10 a 14/12: 5 dias × 60,00 = 300,00; total 550,00
    assert [(t.de, t.ate, t.dias, t.subtotal) for t in e.trechos] == [
        (D(2026, 12, 5), D(2026, 12, 9), 5, Decimal("250.00")),
        (D(2026, 12, 10), D(2026, 12, 14), 5, Decimal("300.00")),
    ]
    assert e.total_diarias == Decimal("550.00") and e.ate == D(2026, 12, 14)
    assert e.sem_tabela == ()  # conservação: a OM não a cobra (sem tabela alguma)


def test_dia_antes_da_primeira_tabela_nao_se_cobra_e_o_extrato_o_aponta() -> None:
    tabela = [_t("guarda", D(2026, 12, 3), "40.00")]
    e = extrato(tabela, ITENS, D(2026, 12, 1), D(2026, 12, 6))
    # 01 e 02/12 sem tabela; 03, 04 e 05/12 × 40,00 = 120,00
    assert e.sem_tabela == (("guarda", D(2026, 12, 1), D(2026, 12, 2)),)
    assert e.total_diarias == Decimal("120.00")


def test_om_sem_tabela_nenhuma_aponta_todos_os_dias_sem_tabela_em_vez_de_nada_a_pagar() -> None:
    e = extrato([], ITENS, D(2026, 12, 1), D(2026, 12, 6))
    assert e.trechos == () and e.total_diarias == Decimal("0")
    assert e.sem_tabela == tuple((item, D(2026, 12, 1), D(2026, 12, 5)) for item in ITENS)


def test_pendencias_abatem_o_pago_das_avulsas_e_depois_das_diarias_e_somam_as_multas() -> None:
    tabela = [_t("guarda", D(2026, 1, 1), "60.00"), _t("conservacao", D(2026, 1, 1), "10.00")]
    e = extrato(
        tabela,
        ITENS,
        D(2026, 11, 1),
        D(2026, 11, 11),  # 10 diárias: guarda 600,00 + conservação 100,00
        avulsas=[Lancamento("Recolhimento (reboque)", Decimal("200.00"))],
        pago=Decimal("250.00"),  # paga o reboque (200,00) e 50,00 da guarda
        multas=[Lancamento("Multa do processo 2026/CPRJ/000001", Decimal("1234.56"))],
    )
    assert e.total_custodia == Decimal("900.00") and e.saldo_custodia == Decimal("650.00")
    assert pendencias(e, NOMES) == [
        Lancamento("Guarda (10 diárias)", Decimal("550.00")),
        Lancamento("Conservação (10 diárias)", Decimal("100.00")),
        Lancamento("Multa do processo 2026/CPRJ/000001", Decimal("1234.56")),
    ]
    assert e.total_devido == Decimal("1884.56")  # 650,00 + 1.234,56


def test_quitado_nada_pende_e_o_pago_a_maior_nao_vira_credito_sobre_a_multa() -> None:
    tabela = [_t("guarda", D(2026, 1, 1), "60.00")]
    e = extrato(tabela, ITENS, D(2026, 11, 1), D(2026, 11, 3), pago=Decimal("500.00"))
    assert pendencias(e, NOMES) == []
    assert e.saldo_custodia == Decimal("380.00") * -1  # 2 × 60,00 = 120,00; pago 500,00
    assert e.total_devido == Decimal("0.00")


def test_recusa_da_entrega_por_debito_diz_o_que_o_servico_deixa_ver() -> None:
    """A guarda `proprietario_sem_debito` é pura: descreve os débitos como o serviço os montou
    para quem registra (os de outras OMs sem o número, LGPD art. 6º, III) e susta a entrega
    também pelo débito que ele não vê nem pela soma (LESTA art. 20)."""
    from farol.domain.procedimento.carregar import carregar_regime
    from farol.domain.procedimento.guardas import (
        ContextoAto,
        FatosCustodia,
        Pendencia,
        avaliar_guarda,
    )

    m = carregar_regime("custodia")
    t = m.transicao("a_entregar", "termo_de_entrega", "autoridade_competente")

    def motivo(**fatos: Any) -> str | None:
        c = ContextoAto(data_ato=D(2026, 3, 22), custodia=FatosCustodia(False, True, **fatos))
        a = avaliar_guarda("proprietario_sem_debito", t, c, "custodia")
        return None if a.permitido else a.motivo

    assert motivo() is None
    vistos = (
        Pendencia("multa do processo 2026/CPSC/000001", Decimal("1000.00")),
        Pendencia("2 multas em processos de outras OMs", Decimal("1500.00")),
    )
    texto = motivo(debitos_do_proprietario=vistos)
    assert texto is not None
    assert "(multa do processo 2026/CPSC/000001: R$ 1.000,00; 2 multas em processos de " in texto
    assert "outras OMs: R$ 1.500,00; total R$ 2.500,00)" in texto
    # só o de fora, que quem registra não vê: recusa, sem valor nem total
    texto = motivo(debitos_fora_da_vista=True)
    assert texto is not None and "(multa em processo de outra OM)" in texto and "R$" not in texto
