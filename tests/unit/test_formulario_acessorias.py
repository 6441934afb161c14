"""O formulário de julgamento com penalidades acessórias vira o mesmo corpo que a API recebe."""

from __future__ import annotations

from starlette.datastructures import FormData

from farol.web.atos import montar


def test_acessoria_marcada_vai_com_a_fundamentacao_e_a_desmarcada_nao() -> None:
    form = FormData(
        [
            ("data_ato", "2026-04-10"),
            ("dados.justificativa", "Obra sem autorização sobre o canal de acesso."),
            ("dados.penalidades.0.infracao", "RLESTA.27"),
            ("dados.penalidades.0.multa", "2.000,00"),
            # retirada marcada; demolição não marcada, mas com texto digitado no campo
            ("dados.penalidades.0.acessorias.0.tipo", "retirada_embarcacao"),
            ("dados.penalidades.0.acessorias.0.fundamentacao", "A draga fundeada estreita o canal."),
            ("dados.penalidades.0.acessorias.1.fundamentacao", "texto que não deve seguir"),
            ("dados.prazo_acessorias_dias", "30"),
        ]
    )
    corpo = montar("julgamento_procedente", form)
    assert corpo["dados"]["penalidades"] == [
        {
            "infracao": "RLESTA.27",
            "multa": "2000.00",
            "acessorias": [
                {
                    "tipo": "retirada_embarcacao",
                    "fundamentacao": "A draga fundeada estreita o canal.",
                }
            ],
        }
    ]
    assert corpo["dados"]["prazo_acessorias_dias"] == "30"
