"""Validação da dosimetria: os fatos que entram no cálculo e o valor que a autoridade decide.

RLESTA art. 7º, § 1º: "É da competência do representante da autoridade marítima a
prerrogativa de estabelecer o valor da multa e o período de suspensão do Certificado de
Habilitação, respeitados os limites estipulados neste Regulamento." `validar_multa` e
`validar_suspensao` recusam o que sai da faixa, com a faixa e os fundamentos na mensagem.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.infracoes import Catalogo, Infracao, catalogo
from farol.rules.penalidades_citacoes import juntar, regra_autor_admitido, regra_tipo_de_autor
from farol.rules.penalidades_excecoes import em_dias

if TYPE_CHECKING:
    from farol.rules.penalidades import ResultadoPenalidade

CENTAVO = Decimal("0.01")


def validar_fatos(
    cat: Catalogo,
    inf: Infracao,
    data: dt.date,
    autor: str,
    reincidencias: int,
    faltas: int,
    agravantes: tuple[str, ...],
) -> None:
    """Recusa fato antes da vigência, autor não admitido, contagens e agravantes inválidas."""
    codigo = inf.codigo
    regras = cat.regras
    if data < inf.inicio_vigencia:
        raise ForaDeVigencia(
            f"{codigo} só vigora a partir de {inf.inicio_vigencia:%d/%m/%Y}; "
            f"fato em {data:%d/%m/%Y}",
            campo="data",
        )
    if autor not in cat.autores:
        raise EntradaInvalida(
            f"tipo de autor desconhecido: {autor!r}; válidos: {', '.join(cat.autores)}",
            campo="autor",
            regra=regra_tipo_de_autor(),
        )
    if autor not in inf.autores:
        raise EntradaInvalida(
            f"{autor} não é autor material admitido para {codigo}; admitidos: "
            f"{', '.join(inf.autores)}",
            campo="autor",
            regra=regra_autor_admitido(),
        )
    if reincidencias < 0:
        raise EntradaInvalida("não pode ser negativo", campo="reincidencias")
    if faltas < 1:
        raise EntradaInvalida("deve ser pelo menos 1", campo="faltas")
    if faltas > 1 and not inf.penalidade.multa_por_falta:
        raise EntradaInvalida(
            f"a multiplicação pelo número de faltas não se aplica a {codigo}",
            campo="faltas",
            regra=regras.faltas.referencia(),
        )
    desconhecidos = [a for a in agravantes if a not in regras.agravantes.itens]
    if desconhecidos:
        raise EntradaInvalida(
            f"agravante desconhecida: {', '.join(desconhecidos)}; válidas: "
            f"{', '.join(regras.agravantes.itens)}",
            campo="agravantes",
            regra=regras.agravantes.fonte.referencia(),
        )


def reais(valor: Decimal) -> str:
    """'R$ 1.234,56'."""
    inteiro, _, centavos = f"{valor:,.2f}".partition(".")
    return f"R$ {inteiro.replace(',', '.')},{centavos}"


def validar_multa(resultado: ResultadoPenalidade, valor: Decimal) -> Decimal:
    """Recusa multa fora da faixa legal, com a faixa e o fundamento na mensagem."""
    if resultado.multa is None:
        raise EntradaInvalida(
            f"{resultado.codigo} não admite multa para {resultado.autor}", campo="multa"
        )
    if valor != valor.quantize(CENTAVO):
        raise EntradaInvalida("valor com mais de duas casas decimais", campo="multa")
    faixa = resultado.multa
    if not faixa.min <= valor <= faixa.max:
        raise EntradaInvalida(
            f"multa de {reais(valor)} fora da faixa legal de {reais(faixa.min)} a "
            f"{reais(faixa.max)}",
            campo="multa",
            regra=juntar(resultado.fundamentos),
        )
    return valor.quantize(CENTAVO)


def validar_suspensao(
    resultado: ResultadoPenalidade, dias: int, cat: Catalogo | None = None
) -> int:
    """Recusa suspensão não prevista, para quem o art. 8º exclui, ou acima do máximo.

    O máximo em dias é o da duração (PnD); o teto de doze meses vale os `dias` do teto nos
    dados (LESTA art. 27; interpretação em docs/penalidades.md).
    """
    if resultado.suspensao_max is None:
        raise EntradaInvalida(
            f"{resultado.codigo} não admite suspensão para {resultado.autor}",
            campo="suspensao_dias",
            regra=juntar(resultado.fundamentos),
        )
    teto = (cat or catalogo()).regras.teto_suspensao
    limite = em_dias(resultado.suspensao_max, teto)
    if not 1 <= dias <= limite:
        raise EntradaInvalida(
            f"suspensão de {dias} dias fora do limite de 1 a {limite} dias "
            f"({resultado.suspensao_max})",
            campo="suspensao_dias",
            regra=juntar(resultado.fundamentos),
        )
    return dias
