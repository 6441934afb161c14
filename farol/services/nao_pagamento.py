"""O que acontece com a multa não paga no prazo, com a citação: um texto só para a consulta do
regulado (`/consulta`) e para a Notificação para pagamento em PDF, que diziam cada uma o seu."""

from __future__ import annotations

from farol.domain.procedimento.carregar import carregar_regime
from farol.normas.citacoes import citacao
from farol.pdf.dados import Consequencia


def se_nao_pagar(regime: str) -> tuple[Consequencia, ...]:
    """O encaminhamento para inscrição em dívida ativa, cobrada pela Procuradoria da Fazenda
    Nacional (NORMAM-07 item 0314), no regime cujo quadro tem esse ato; e a sustação dos atos de
    interesse do devedor até a quitação (LESTA art. 20), no regime cujo quadro a cita para a
    dívida (a de infração à LESTA; não a da poluição, que vem da Lei 9.966/2000). Sem ponto
    final: cada borda fecha a frase com a citação no seu formato."""
    maquina = carregar_regime(regime)
    if not maquina.tipos_com("encaminha_divida_ativa"):
        return ()
    saida = [
        Consequencia(
            texto="Não paga no prazo, a multa é encaminhada para inscrição em dívida ativa da "
            "União, e a cobrança passa à Procuradoria da Fazenda Nacional, por processo de "
            "execução",
            fundamento=citacao("cobranca_divida_ativa").referencia(),
        )
    ]
    sustacao = citacao("sustacao_por_debito")
    if maquina.tipos_com("registra_baixa_divida_ativa") and any(
        (f.norma, f.dispositivo) == (sustacao.norma, sustacao.dispositivo)
        for f in maquina.marca("registra_baixa_divida_ativa").fontes
    ):
        saida.append(
            Consequencia(
                texto="Enquanto houver o débito, a Autoridade Marítima sustará o andamento de "
                "qualquer documento ou ato administrativo do seu interesse, até a quitação",
                fundamento=sustacao.referencia(),
                sustacao=True,
            )
        )
    return tuple(saida)
