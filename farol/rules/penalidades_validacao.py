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

from farol import formatos
from farol.erros import EntradaInvalida
from farol.formatos import moeda
from farol.normas.infracoes import Catalogo, Infracao, catalogo
from farol.rules.autoria import nome_do_autor, nomes_dos_autores
from farol.rules.penalidades_citacoes import juntar, regra_autor_admitido, regra_tipo_de_autor
from farol.rules.penalidades_excecoes import em_dias
from farol.rules.vigencia import exigir_infracao_vigente

if TYPE_CHECKING:
    from farol.rules.penalidades import ResultadoPenalidade

CENTAVO = Decimal("0.01")
AGRAVANTE_REINCIDENCIA = "reincidencia"  # chave em regras_penalidades.yaml (LESTA art. 30, I)


def validar_fatos(
    cat: Catalogo,
    inf: Infracao,
    data: dt.date,
    autor: str | None,
    reincidencias: int,
    faltas: int,
    agravantes: tuple[str, ...],
) -> None:
    """Recusa fato antes da vigência, autor não admitido, contagens e agravantes inválidas.

    `autor` None (não informado) é resolvido depois, por `farol.rules.autoria.resolver_autor`."""
    codigo = inf.codigo
    regras = cat.regras
    exigir_infracao_vigente(inf, data, campo="data")
    if autor is not None and autor not in cat.autores:
        raise EntradaInvalida(
            f"tipo de autor desconhecido: {autor!r}; válidos: "
            f"{nomes_dos_autores(list(cat.autores), cat)}",
            campo="autor",
            regra=regra_tipo_de_autor(),
        )
    if autor is not None and autor not in inf.autores:
        raise EntradaInvalida(
            f"{nome_do_autor(autor, cat)} não é autor material admitido para {codigo}; "
            f"admitidos: {nomes_dos_autores(inf.autores, cat)}",
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
            + ", ".join(f"{v.texto} ({k})" for k, v in regras.agravantes.itens.items()),
            campo="agravantes",
            regra=regras.agravantes.fonte.referencia(),
        )
    # LESTA art. 30, I ("reincidência") só agrava se houve a "repetição da prática da mesma
    # infração em um período igual ou inferior a doze meses" (RLESTA art. 10): sem prática
    # anterior contada, declará-la é afirmar um fato que a própria entrada nega.
    if AGRAVANTE_REINCIDENCIA in agravantes and reincidencias == 0:
        item = regras.agravantes.itens[AGRAVANTE_REINCIDENCIA]
        raise EntradaInvalida(
            f"agravante {item.texto} declarada sem prática anterior: a reincidência é a "
            f"repetição da prática da mesma infração ({codigo}) em até "
            f"{regras.reincidencia.janela_meses} meses antes do fato, e o número de práticas "
            "anteriores informado é 0",
            campo="agravantes",
            regra=f"{regras.agravantes.fonte.referencia()}, {item.inciso}; "
            f"{regras.reincidencia.fonte.referencia()}",
        )


def validar_multa(resultado: ResultadoPenalidade, valor: Decimal) -> Decimal:
    """Recusa multa fora da faixa legal, com a faixa e o fundamento na mensagem."""
    if resultado.multa is None:
        raise EntradaInvalida(
            f"{resultado.codigo} não admite multa para {nome_do_autor(resultado.autor)}",
            campo="multa",
        )
    if valor != valor.quantize(CENTAVO):
        raise EntradaInvalida("valor com mais de duas casas decimais", campo="multa")
    faixa = resultado.multa
    if not faixa.min <= valor <= faixa.max:
        raise EntradaInvalida(
            f"multa de {moeda(valor)} fora da faixa legal de {moeda(faixa.min)} a "
            f"{moeda(faixa.max)}",
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
            f"{resultado.codigo} não admite suspensão para {nome_do_autor(resultado.autor, cat)}",
            campo="suspensao_dias",
            regra=juntar(resultado.fundamentos),
        )
    teto = (cat or catalogo()).regras.teto_suspensao
    limite = em_dias(resultado.suspensao_max, teto)
    if not 1 <= dias <= limite:
        # "até 60 dias"; o teto em meses leva os dias entre parênteses: "até 12 meses (360 dias)"
        maximo = formatos.duracao(resultado.suspensao_max)
        if maximo != formatos.dias(limite):
            maximo += f" ({formatos.dias(limite)})"
        raise EntradaInvalida(
            f"suspensão de {formatos.dias(dias)} fora do limite de 1 dia a {maximo}",
            campo="suspensao_dias",
            regra=juntar(resultado.fundamentos),
        )
    return dias
