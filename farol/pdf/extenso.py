"""Valores em reais por extenso, como se escrevem em autos, decisões e notificações.

Regras do português do Brasil aplicadas (gramática normativa; uso em cheques e contratos):

- dentro de cada classe de três algarismos, "e" liga centenas, dezenas e unidades:
  "cento e vinte e três"; "cem" só para 100 exato, "cento" nos demais;
- entre classes não se usa "e", salvo antes da última classe não nula quando ela é menor que
  cem ou é centena exata: "mil e seiscentos", "mil e um", "um milhão e duzentos mil", mas
  "mil seiscentos e cinquenta"; não se põe vírgula entre as classes;
- "mil" sem "um" ("mil reais"), mas "um milhão", "um bilhão";
- "de reais" depois de milhão, bilhão, trilhão quando as classes de milhar e de unidade são
  nulas ("um milhão de reais", "um milhão e quinhentos mil reais");
- singular "um real" e "um centavo"; "e" entre reais e centavos; só centavos quando não há
  reais ("cinquenta centavos"); zero é "zero reais".

Valor negativo ou com mais de duas casas decimais é recusado: não se arredonda dinheiro.
"""

from __future__ import annotations

from decimal import Decimal

from farol.erros import EntradaInvalida

_UNIDADES = (
    "zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove",
    "dez", "onze", "doze", "treze", "quatorze", "quinze", "dezesseis", "dezessete",
    "dezoito", "dezenove",
)  # fmt: skip
_DEZENAS = (
    "", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta",
    "noventa",
)  # fmt: skip
_CENTENAS = (
    "", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos",
    "setecentos", "oitocentos", "novecentos",
)  # fmt: skip
# (singular, plural) de cada classe acima da unidade; a de milhar é invariável.
_CLASSES = (
    ("mil", "mil"),
    ("milhão", "milhões"),
    ("bilhão", "bilhões"),
    ("trilhão", "trilhões"),
)
_LIMITE = 1000 ** (len(_CLASSES) + 1)
CENTAVO = Decimal("0.01")


def _ate_mil(n: int) -> str:
    """1 a 999 por extenso."""
    if n == 100:
        return "cem"
    centena, resto = divmod(n, 100)
    partes = []
    if centena:
        partes.append(_CENTENAS[centena])
    if resto:
        if resto < 20:
            partes.append(_UNIDADES[resto])
        else:
            dezena, unidade = divmod(resto, 10)
            partes.append(_DEZENAS[dezena])
            if unidade:
                partes.append(_UNIDADES[unidade])
    return " e ".join(partes)


def numero_por_extenso(n: int) -> str:
    """Inteiro não negativo (abaixo de mil trilhões) por extenso, no masculino."""
    if n < 0 or n >= _LIMITE:
        raise EntradaInvalida(f"número {n} fora do intervalo de 0 a {_LIMITE - 1}", campo="valor")
    if n == 0:
        return "zero"
    classes: list[tuple[int, int]] = []  # (valor da classe, ordem: 0 unidades, 1 mil, ...)
    ordem = 0
    while n:
        n, valor = divmod(n, 1000)
        if valor:
            classes.append((valor, ordem))
        ordem += 1
    classes.reverse()
    textos = []
    for valor, ordem in classes:
        if ordem == 0:
            textos.append(_ate_mil(valor))
        elif ordem == 1:
            textos.append("mil" if valor == 1 else f"{_ate_mil(valor)} mil")
        else:
            singular, plural = _CLASSES[ordem - 1]
            textos.append(f"{_ate_mil(valor)} {singular if valor == 1 else plural}")
    if len(classes) == 1:
        return textos[0]
    ultimo = classes[-1][0]
    ligacao = " e " if ultimo < 100 or ultimo % 100 == 0 else " "
    return " ".join(textos[:-1]) + ligacao + textos[-1]


def validar_valor(valor: Decimal) -> Decimal:
    """Decimal finito, não negativo, com no máximo duas casas; devolvido com duas."""
    if not isinstance(valor, Decimal) or not valor.is_finite():
        raise EntradaInvalida(f"valor {valor!r} não é um Decimal finito", campo="valor")
    if valor < 0:
        raise EntradaInvalida(f"valor negativo {valor} não tem extenso em reais", campo="valor")
    if valor != valor.quantize(CENTAVO):
        raise EntradaInvalida(f"valor {valor} com mais de duas casas decimais", campo="valor")
    return valor.quantize(CENTAVO)


def valor_por_extenso(valor: Decimal) -> str:
    """`Decimal('2200.35')` -> "dois mil e duzentos reais e trinta e cinco centavos"."""
    valor = validar_valor(valor)
    reais = int(valor)
    centavos = int((valor - reais) * 100)
    partes = []
    if reais:
        texto = numero_por_extenso(reais)
        if reais % 1_000_000 == 0:
            partes.append(f"{texto} de reais")
        else:
            partes.append(f"{texto} {'real' if reais == 1 else 'reais'}")
    if centavos:
        partes.append(
            f"{numero_por_extenso(centavos)} {'centavo' if centavos == 1 else 'centavos'}"
        )
    return " e ".join(partes) if partes else "zero reais"
