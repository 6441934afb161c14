"""Dosimetria: a faixa legal da penalidade de uma infração, com os seus fundamentos.

Função pura de (catálogo, fatos). A autoridade escolhe o valor dentro da faixa (RLESTA
art. 7º §1º); `validar_multa` e `validar_suspensao` recusam o que sai dela.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.infracoes import Catalogo, FaixaMulta, catalogo

CENTAVO = Decimal("0.01")
DIAS_EM_DOZE_MESES = 365  # menor número de dias de 12 meses; ver docs/penalidades.md


@dataclass(frozen=True)
class ResultadoPenalidade:
    codigo: str
    descricao: str
    autor: str
    data: dt.date
    grupo: str | None
    multa: FaixaMulta | None
    suspensao_max: str | None
    cumulativa: bool
    cancelamento: bool
    multiplicador: int
    reincidencias: int
    faltas: int
    agravantes: list[str] = field(default_factory=list)
    acessorias: list[str] = field(default_factory=list)
    observacoes: list[str] = field(default_factory=list)
    fundamentos: list[str] = field(default_factory=list)

    def para_json(self) -> dict[str, Any]:
        return {
            "codigo": self.codigo,
            "descricao": self.descricao,
            "grupo": self.grupo,
            "multa": (
                {"min": f"{self.multa.min:.2f}", "max": f"{self.multa.max:.2f}"}
                if self.multa
                else None
            ),
            "suspensao_max": self.suspensao_max,
            "cumulativa": self.cumulativa,
            "cancelamento": self.cancelamento,
            "multiplicador": self.multiplicador,
            "fundamentos": self.fundamentos,
            "autor": self.autor,
            "data": self.data.isoformat(),
            "reincidencias": self.reincidencias,
            "faltas": self.faltas,
            "agravantes": self.agravantes,
            "acessorias": self.acessorias,
            "observacoes": self.observacoes,
        }


def _multiplicar_duracao(duracao: str, fator: int) -> tuple[str, bool]:
    """Multiplica 'P60D'/'P12M' e aplica o teto de 12 meses (LESTA art. 27)."""
    m = re.fullmatch(r"P(\d+)([DM])", duracao)
    assert m, duracao
    n, unidade = int(m.group(1)) * fator, m.group(2)
    excede = n > 12 if unidade == "M" else n > DIAS_EM_DOZE_MESES
    if excede:
        return "P12M", True
    return f"P{n}{unidade}", False


def calcular_penalidade(
    codigo: str,
    data: dt.date,
    autor: str = "condutor",
    reincidencias: int = 0,
    faltas: int = 1,
    agravantes: tuple[str, ...] = (),
    cat: Catalogo | None = None,
) -> ResultadoPenalidade:
    cat = cat or catalogo()
    inf = cat.infracao(codigo)
    regras = cat.regras
    fundamentos = [inf.fonte.referencia()]
    observacoes: list[str] = []

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
            regra="RLESTA art. 7º, § 3º",
        )
    if autor not in inf.autores:
        raise EntradaInvalida(
            f"{autor} não é autor material admitido para {codigo}; admitidos: "
            f"{', '.join(inf.autores)}",
            campo="autor",
            regra="RLESTA art. 7º, § 3º; LESTA art. 34; NORMAM 2023 item 3.3.1",
        )
    if reincidencias < 0:
        raise EntradaInvalida("não pode ser negativo", campo="reincidencias")
    if faltas < 1:
        raise EntradaInvalida("deve ser pelo menos 1", campo="faltas")
    pen = inf.penalidade
    if faltas > 1 and not pen.multa_por_falta:
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
    if pen.enquadramento is not None:
        enq = cat.infracao(pen.enquadramento.infracao)
        fundamentos.append(enq.fonte.referencia())
        observacoes.append(pen.enquadramento.justificativa)

    tipo_autor = cat.autores[autor]
    reincidente = reincidencias > 0
    cancelamento = False
    multiplicador = 1
    acessorias = [f"{a.tipo}: {a.condicao}" for a in pen.acessorias]
    suspensao = pen.suspensao_max

    # Exceções à regra geral do art. 10 (o próprio artigo estabelece outro procedimento).
    if reincidente and pen.reincidencia == "cancelamento":
        assert pen.fonte_reincidencia is not None
        fundamentos.append(pen.fonte_reincidencia.referencia())
        cancelamento, suspensao = True, None
    elif reincidente and pen.reincidencia == "triplica_e_cancela":
        assert pen.fonte_reincidencia is not None
        fundamentos.append(pen.fonte_reincidencia.referencia())
        multiplicador = 3
        cancelamento, suspensao = True, None
    elif reincidente:
        multiplicador = reincidencias + 1
        fundamentos.append(regras.reincidencia.multiplicacao.referencia())

    multa: FaixaMulta | None = None
    if pen.multa is not None:
        fundamentos.append(regras.grupos.referencia() + f" (grupo {pen.multa})")
        try:
            faixa = cat.grupos[pen.multa].valor_em(data, campo="data")
        except ForaDeVigencia:
            raise
        fator = multiplicador * (faltas if pen.multa_por_falta else 1)
        if pen.multa_por_falta:
            fundamentos.append(regras.faltas.referencia())
        multa = FaixaMulta(min=faixa.min * fator, max=faixa.max * fator)

    if suspensao is not None and multiplicador > 1:
        suspensao, teto = _multiplicar_duracao(suspensao, multiplicador)
        if teto:
            fundamentos.append(regras.teto_suspensao.fonte.referencia())
            observacoes.append("suspensão limitada a doze meses (LESTA art. 27)")

    # RLESTA art. 8º: suspensão (e, por coerência, cancelamento) só ao embarcado e ao prático.
    if not tipo_autor.suspensao and (suspensao is not None or cancelamento):
        suspensao, cancelamento = None, False
        fundamentos.append(regras.suspensao_somente_embarcados.referencia())
        observacoes.append(
            f"{tipo_autor.nome}: suspensão/cancelamento do Certificado de Habilitação não "
            "aplicável (RLESTA art. 8º)"
        )
    if multa is None and suspensao is None and not cancelamento:
        raise EntradaInvalida(
            f"nenhuma penalidade de {codigo} alcança {tipo_autor.nome}",
            campo="autor",
            regra=regras.suspensao_somente_embarcados.referencia(),
        )
    especies = (multa is not None) + (suspensao is not None) + cancelamento
    cumulativa = (pen.combinacao == "cumulativa" and especies + len(acessorias) >= 2) or (
        pen.reincidencia == "triplica_e_cancela" and reincidente and especies >= 2
    )
    if pen.combinacao == "cumulativa" and pen.observacao:
        observacoes.append(pen.observacao)

    lista_agravantes = list(agravantes)
    if reincidente and "reincidencia" not in lista_agravantes:
        lista_agravantes.insert(0, "reincidencia")
    if lista_agravantes:
        fundamentos.append(regras.agravantes.fonte.referencia())

    return ResultadoPenalidade(
        codigo=codigo,
        descricao=inf.descricao,
        autor=autor,
        data=data,
        grupo=pen.multa,
        multa=multa,
        suspensao_max=suspensao,
        cumulativa=cumulativa,
        cancelamento=cancelamento,
        multiplicador=multiplicador,
        reincidencias=reincidencias,
        faltas=faltas,
        agravantes=[_agravante(cat, a) for a in lista_agravantes],
        acessorias=acessorias,
        observacoes=observacoes,
        fundamentos=list(dict.fromkeys(fundamentos)),
    )


def _agravante(cat: Catalogo, chave: str) -> str:
    item = cat.regras.agravantes.itens[chave]
    return f"{chave}: {item.texto} (LESTA art. 30, {item.inciso})"


def _reais(valor: Decimal) -> str:
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
            f"multa de {_reais(valor)} fora da faixa legal de {_reais(faixa.min)} a "
            f"{_reais(faixa.max)}",
            campo="multa",
            regra="; ".join(resultado.fundamentos),
        )
    return valor.quantize(CENTAVO)


def validar_suspensao(resultado: ResultadoPenalidade, dias: int) -> int:
    """Recusa suspensão não prevista, para quem o art. 8º exclui, ou acima do máximo."""
    if resultado.suspensao_max is None:
        raise EntradaInvalida(
            f"{resultado.codigo} não admite suspensão para {resultado.autor}",
            campo="suspensao_dias",
            regra="; ".join(resultado.fundamentos),
        )
    m = re.fullmatch(r"P(\d+)([DM])", resultado.suspensao_max)
    assert m
    n, unidade = int(m.group(1)), m.group(2)
    limite = n if unidade == "D" else (DIAS_EM_DOZE_MESES if n == 12 else n * 30)
    if not 1 <= dias <= limite:
        raise EntradaInvalida(
            f"suspensão de {dias} dias fora do limite de 1 a {limite} dias "
            f"({resultado.suspensao_max})",
            campo="suspensao_dias",
            regra="; ".join(resultado.fundamentos),
        )
    return dias
