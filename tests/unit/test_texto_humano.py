"""O detector de formatos de máquina dos testes de texto para pessoas: acusa o que a pessoa não
deveria ler e não acusa o que é dela (um código de verificação sorteado)."""

from __future__ import annotations

from texto_humano import formatos_de_maquina


def test_acusa_duracao_data_e_dinheiro_de_maquina() -> None:
    texto = "Prazo P60D (P1Y2M).\nVence em 2026-03-10, multa de R$ 3200.00, valor None"
    achados = formatos_de_maquina(texto)
    assert [a.split(":")[0] for a in achados] == [
        "duração ISO-8601",
        "duração ISO-8601",
        "data ISO",
        "dinheiro com ponto decimal",
        "literal do Python",
    ]


def test_nao_acusa_o_codigo_de_verificacao_que_sorteou_um_pedaco_de_duracao() -> None:
    # o CI de 2026-12-04 caiu num código "44Y5-P67D-ZSMC" do auto de infração
    for codigo in ("44Y5-P67D-ZSMC", "P67D-ABCD-EFGH", "ABCD-EFGH-P2D3"):
        texto = f"Código de verificação: {codigo}\nConfira em http://x/verificar/{codigo} ou pelo QR"
        assert formatos_de_maquina(texto) == []
