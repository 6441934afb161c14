"""Reincidência e teto da suspensão: a regra geral, as exceções rotuladas e o limite.

RLESTA art. 10, parágrafo único: "A reincidência implicará, em caso de pena de multa ou
suspensão do Certificado de Habilitação, se o próprio artigo que a impuser não estabelecer
outro procedimento, na multiplicação da penalidade por dois, três e assim sucessivamente,
conforme as repetições na prática da infração."

As exceções ("o próprio artigo ... estabelecer outro procedimento") são dados, não ramos: cada
infração que as tem traz o rótulo em `penalidade.reincidencia` e a fonte em
`fonte_reincidencia` (infracoes.yaml):

- `cancelamento` (RLESTA art. 23, I; art. 25, I): o cancelamento do Certificado de Habilitação
  no lugar da multiplicação;
- `triplica_e_cancela` (LESTA art. 4º-A, § 2º): a multa multiplicada por
  `multiplicador_reincidencia` ("por 3 (três)") e o cancelamento.

LESTA art. 27: "A pena de suspensão não poderá ser superior a doze meses." A suspensão
multiplicada que passa do teto (`teto_suspensao` em regras_penalidades.yaml) vira o teto.
"""

from __future__ import annotations

from dataclasses import dataclass

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao
from farol.normas.infracoes import PADRAO_DURACAO, Penalidade, RegrasPenalidades, TetoSuspensao


@dataclass(frozen=True)
class EfeitoDaReincidencia:
    """O que a reincidência faz com a penalidade: multiplicar, cancelar, e com que fundamento."""

    multiplicador: int
    cancelamento: bool
    excecao: bool  # o próprio artigo estabeleceu outro procedimento
    fundamento: Citacao | None


SEM_REINCIDENCIA = EfeitoDaReincidencia(
    multiplicador=1, cancelamento=False, excecao=False, fundamento=None
)


def efeito_da_reincidencia(
    pen: Penalidade, reincidencias: int, regras: RegrasPenalidades
) -> EfeitoDaReincidencia:
    """Regra geral (N práticas anteriores: multiplica por N+1) ou a exceção rotulada da infração."""
    if reincidencias < 1:
        return SEM_REINCIDENCIA
    if pen.reincidencia == "multiplica":
        return EfeitoDaReincidencia(
            multiplicador=reincidencias + 1,
            cancelamento=False,
            excecao=False,
            fundamento=regras.reincidencia.multiplicacao,
        )
    assert pen.fonte_reincidencia is not None  # garantido na carga do catálogo
    return EfeitoDaReincidencia(
        multiplicador=pen.multiplicador_reincidencia or 1,
        cancelamento=True,
        excecao=True,
        fundamento=pen.fonte_reincidencia,
    )


def partes_da_duracao(duracao: str) -> tuple[int, str]:
    """'P60D' -> (60, 'D'); 'P12M' -> (12, 'M')."""
    m = PADRAO_DURACAO.fullmatch(duracao)
    if m is None:
        raise DadosNormativosInvalidos(f"duração ISO-8601 inválida: {duracao!r}")
    quantidade, unidade = m.groups()
    return int(quantidade), unidade


def em_dias(duracao: str, teto: TetoSuspensao) -> int:
    """A duração em dias: PnD são n dias; o teto em meses, os `dias` do teto nos dados.

    A carga do catálogo só admite duração em meses igual ao teto, de modo que nenhuma outra
    conversão de meses em dias é necessária (nem inventada).
    """
    quantidade, unidade = partes_da_duracao(duracao)
    if unidade == "D":
        return quantidade
    if duracao == teto.duracao:
        return teto.dias
    raise DadosNormativosInvalidos(
        f"suspensão em meses diferente do teto {teto.duracao}: {duracao!r}"
    )


def multiplicar_suspensao(duracao: str, fator: int, teto: TetoSuspensao) -> tuple[str, bool]:
    """A suspensão multiplicada por `fator` e limitada ao teto: (duração, se o teto limitou)."""
    quantidade, unidade = partes_da_duracao(duracao)
    produto = quantidade * fator
    teto_quantidade, teto_unidade = partes_da_duracao(teto.duracao)
    limite = teto_quantidade if unidade == teto_unidade else teto.dias
    if produto > limite:
        return teto.duracao, True
    return f"P{produto}{unidade}", False
