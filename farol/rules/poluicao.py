"""Valoração da multa por poluição (NORMAM-401 itens 1.5.2 e 1.5.3): funções puras.

A autoridade informa a multa-base (o valor que os parâmetros do LTA e a situação econômica lhe
indicam; as tabelas que os convertem em valor não estão nas fontes do Farol, e ele não inventa
coeficiente); o Farol aplica a reincidência (o triplo, se o infrator é reincidente em período
inferior a 36 meses), confere o resultado contra a faixa do Grupo E (R$ 1.000,00 a
R$ 50.000.000,00) e devolve os parâmetros considerados com o fundamento de cada um.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from farol import formatos
from farol.erros import EntradaInvalida
from farol.normas.poluicao import Classe, dados_poluicao
from farol.rules.reincidencia import subtrair_meses

TipoPessoa = Literal["juridica", "fisica"]


def somar_meses(data: dt.date, meses: int) -> dt.date:
    """A mesma data `meses` depois; sem esse dia no mês (31, 29/02), o último dia do mês."""
    return subtrair_meses(data, -meses)


@dataclass(frozen=True)
class SituacaoEconomica:
    classe: str
    nome: str
    fundamento: str


def situacao_economica_em_vigor(data: dt.date) -> bool:
    """Se a norma em vigor na `data` considera a situação econômica do infrator (a NORMAM-07,
    anterior à NORMAM-401, não a considerava)."""
    versao = dados_poluicao().situacao_economica.pessoa_juridica.versao_da_data(data)
    return versao is not None and versao.valor is not None


def fundamento_da_situacao_economica(data: dt.date) -> str:
    return dados_poluicao().situacao_economica.pessoa_juridica.versao_em(data).fonte.referencia()


def classificar_situacao_economica(
    tipo: TipoPessoa, valor_anual: Decimal, data: dt.date, *, campo: str
) -> SituacaoEconomica:
    """A classe do infrator pela receita bruta anual (pessoa jurídica) ou pelo rendimento
    anual (pessoa física), com os limites em vigor na `data` (item 1.5.3 c)."""
    if valor_anual < 0:
        raise EntradaInvalida("o valor anual não pode ser negativo", campo=campo)
    tabelas = dados_poluicao().situacao_economica
    tabela = tabelas.pessoa_juridica if tipo == "juridica" else tabelas.pessoa_fisica
    versao = tabela.versao_em(data, campo=campo)
    classes: tuple[Classe, ...] = versao.valor or ()
    escolhida = next(c for c in classes if c.ate is None or valor_anual <= c.ate)
    return SituacaoEconomica(escolhida.classe, escolhida.nome, versao.fonte.referencia())


@dataclass(frozen=True)
class Anterior:
    """Outro processo de poluição do mesmo infrator com multa em vigor."""

    numero: str
    data_fato: dt.date


@dataclass(frozen=True)
class Reincidencia:
    fator: int
    anteriores: tuple[Anterior, ...]
    """Os processos que fazem o infrator reincidente (fato em período inferior à janela)."""
    desde: dt.date
    """O fato anterior precisa ser posterior a esta data (fato atual menos a janela)."""
    fundamento: str


def reincidencia(fato: dt.date, anteriores: list[Anterior]) -> Reincidencia:
    """Reincidente se outro fato punido com multa ocorreu há menos de 36 meses (NORMAM-401
    item 1.5.3 b; Decreto 4.136/2002): o fato anterior `d0` conta se `d0 < fato < d0 + 36
    meses`; o do mesmo dia é concomitante, não anterior."""
    versao = dados_poluicao().reincidencia.versao_em(fato, campo="data_fato")
    regra = versao.valor
    assert regra is not None
    dentro = tuple(
        a
        for a in sorted(anteriores, key=lambda a: a.data_fato)
        if a.data_fato < fato < somar_meses(a.data_fato, regra.meses)
    )
    return Reincidencia(
        fator=regra.fator if dentro else 1,
        anteriores=dentro,
        desde=somar_meses(fato, -regra.meses),
        fundamento=versao.fonte.referencia(),
    )


@dataclass(frozen=True)
class Valoracao:
    infracao: str
    multa_base: Decimal
    fator: int
    multa: Decimal
    minimo: Decimal
    maximo: Decimal
    fundamentos: tuple[str, ...]


def valorar(
    infracao: str, fato: dt.date, multa_base: Decimal, r: Reincidencia, *, campo: str
) -> Valoracao:
    """A multa final (base × fator de reincidência) dentro da faixa da infração, ou a recusa
    nomeando o limite e o dispositivo."""
    registro = dados_poluicao().infracoes.get(infracao)
    if registro is None:
        raise EntradaInvalida(
            f"infração de poluição desconhecida: {infracao!r} (conhecidas: "
            f"{', '.join(dados_poluicao().infracoes)})",
            campo=campo.rsplit(".", 1)[0] + ".infracao",
        )
    versao = registro.faixa.versao_em(fato, campo="data_fato")
    faixa = versao.valor
    assert faixa is not None
    regra = versao.fonte.referencia()
    multa = (multa_base * r.fator).quantize(Decimal("0.01"))
    if multa_base < faixa.minimo:
        raise EntradaInvalida(
            f"multa-base de {formatos.moeda(multa_base)} abaixo do mínimo de "
            f"{formatos.moeda(faixa.minimo)} do Grupo {registro.grupo}",
            campo=campo,
            regra=regra,
        )
    if multa > faixa.maximo:
        detalhe = (
            f"multa-base de {formatos.moeda(multa_base)} × {r.fator} (reincidência) = "
            f"{formatos.moeda(multa)}"
            if r.fator > 1
            else f"multa de {formatos.moeda(multa)}"
        )
        raise EntradaInvalida(
            f"{detalhe} acima do máximo de {formatos.moeda(faixa.maximo)} do Grupo "
            f"{registro.grupo}",
            campo=campo,
            regra=regra,
        )
    fundamentos = (regra, r.fundamento) if r.fator > 1 else (regra,)
    return Valoracao(infracao, multa_base, r.fator, multa, faixa.minimo, faixa.maximo, fundamentos)
