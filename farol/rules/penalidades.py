"""Dosimetria: a faixa legal da penalidade de uma infração, com os seus fundamentos.

Função pura de (catálogo, fatos). A autoridade escolhe o valor dentro da faixa (RLESTA
art. 7º §1º); `validar_multa` e `validar_suspensao` recusam o que sai dela.

Este módulo faz o cálculo; a validação está em `penalidades_validacao`, a reincidência (regra
geral e exceções rotuladas) e o teto da suspensão em `penalidades_excecoes`, e a forma das
citações em `penalidades_citacoes`. Os nomes que outros módulos importam daqui continuam aqui.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from farol.erros import EntradaInvalida
from farol.normas.acessorias import tipos_de_acessoria
from farol.normas.infracoes import Catalogo, FaixaMulta, catalogo
from farol.rules.autoria import resolver_autor
from farol.rules.penalidades_citacoes import (
    agravante_com_inciso,
    agravante_por_extenso,
    fundamento_do_grupo,
    observacao_do_teto,
    observacao_somente_embarcados,
)
from farol.rules.penalidades_excecoes import efeito_da_reincidencia, multiplicar_suspensao
from farol.rules.penalidades_validacao import (
    AGRAVANTE_REINCIDENCIA,
    CENTAVO,
    validar_fatos,
    validar_multa,
    validar_suspensao,
)

__all__ = [
    "CENTAVO",
    "ResultadoPenalidade",
    "agravantes_consideradas",
    "calcular_penalidade",
    "validar_multa",
    "validar_suspensao",
]


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
    # Para pessoas (tabela da CLI, páginas): as mesmas agravantes e acessórias pelos nomes, sem
    # as chaves dos dados que `agravantes` e `acessorias` levam ao JSON ("reincidencia: ...").
    agravantes_texto: list[str] = field(default_factory=list)
    acessorias_texto: list[str] = field(default_factory=list)

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


def agravantes_consideradas(declaradas: Iterable[str], reincidencias: int) -> list[str]:
    """As chaves das agravantes da LESTA art. 30 que a penalidade de uma infração considera:
    as declaradas na decisão (`dados.agravantes`, da decisão inteira) e, com prática anterior
    contada para esta infração (RLESTA art. 10), a reincidência à frente, sem repetição."""
    lista = list(dict.fromkeys(declaradas))
    if reincidencias > 0 and AGRAVANTE_REINCIDENCIA not in lista:
        lista.insert(0, AGRAVANTE_REINCIDENCIA)
    return lista


def calcular_penalidade(
    codigo: str,
    data: dt.date,
    autor: str | None = None,
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

    validar_fatos(cat, inf, data, autor, reincidencias, faltas, agravantes)
    # Sem autor informado: o único que a infração admite; com vários, a recusa os lista.
    autor = resolver_autor(inf, autor, cat)
    pen = inf.penalidade
    if pen.enquadramento is not None:
        enq = cat.infracao(pen.enquadramento.infracao)
        fundamentos.append(enq.fonte.referencia())
        observacoes.append(pen.enquadramento.justificativa)

    tipo_autor = cat.autores[autor]
    reincidente = reincidencias > 0
    tipos_acessoria = tipos_de_acessoria()
    # a acessória que só cabe na reincidência (LESTA art. 4º-A § 2º) não sai sem reincidência:
    # a decisão a recusaria (`penalidades_do_processo`)
    cabem = [
        a
        for a in pen.acessorias
        if reincidente
        or a.tipo not in tipos_acessoria
        or not tipos_acessoria[a.tipo].exige_reincidencia
    ]
    acessorias = [f"{a.tipo}: {a.condicao}" for a in cabem]
    acessorias_texto = [
        f"{tipos_acessoria[a.tipo].nome if a.tipo in tipos_acessoria else a.tipo}: {a.condicao}"
        for a in cabem
    ]
    suspensao = pen.suspensao_max

    # RLESTA art. 10, parágrafo único: a regra geral, ou a exceção rotulada nos dados quando o
    # próprio artigo estabelece outro procedimento (cancelamento no lugar da suspensão).
    efeito = efeito_da_reincidencia(pen, reincidencias, regras)
    multiplicador, cancelamento = efeito.multiplicador, efeito.cancelamento
    if efeito.fundamento is not None:
        fundamentos.append(efeito.fundamento.referencia())
    if efeito.cancelamento:
        suspensao = None

    multa: FaixaMulta | None = None
    if pen.multa is not None:
        fundamentos.append(fundamento_do_grupo(regras, pen.multa))
        faixa = cat.grupos[pen.multa].valor_em(data, campo="data")
        fator = multiplicador * (faltas if pen.multa_por_falta else 1)
        if pen.multa_por_falta:
            fundamentos.append(regras.faltas.referencia())
        multa = FaixaMulta(min=faixa.min * fator, max=faixa.max * fator)

    if suspensao is not None and multiplicador > 1:
        suspensao, limitada = multiplicar_suspensao(suspensao, multiplicador, regras.teto_suspensao)
        if limitada:
            fundamentos.append(regras.teto_suspensao.fonte.referencia())
            observacoes.append(observacao_do_teto(regras))

    # RLESTA art. 8º: suspensão (e, por coerência, cancelamento) só ao embarcado e ao prático.
    if not tipo_autor.suspensao and (suspensao is not None or cancelamento):
        suspensao, cancelamento = None, False
        fundamentos.append(regras.suspensao_somente_embarcados.referencia())
        observacoes.append(observacao_somente_embarcados(regras, tipo_autor.nome))
    if multa is None and suspensao is None and not cancelamento:
        raise EntradaInvalida(
            f"nenhuma penalidade de {codigo} alcança {tipo_autor.nome}",
            campo="autor",
            regra=regras.suspensao_somente_embarcados.referencia(),
        )
    # Mais de uma espécie: cumuladas pelo próprio artigo ou pela exceção da reincidência que
    # soma o cancelamento à multa (LESTA art. 4º-A, § 2º).
    especies = (multa is not None) + (suspensao is not None) + cancelamento
    cumulativa = (pen.combinacao == "cumulativa" and especies + len(acessorias) > 1) or (
        efeito.excecao and efeito.multiplicador > 1 and especies > 1
    )
    if pen.combinacao == "cumulativa" and pen.observacao:
        observacoes.append(pen.observacao)

    lista_agravantes = agravantes_consideradas(agravantes, reincidencias)
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
        agravantes=[agravante_com_inciso(regras, a) for a in lista_agravantes],
        acessorias=acessorias,
        observacoes=observacoes,
        fundamentos=list(dict.fromkeys(fundamentos)),
        agravantes_texto=[agravante_por_extenso(regras, a) for a in lista_agravantes],
        acessorias_texto=acessorias_texto,
    )
