"""Nenhuma regra antes do texto que a cria: fato datado antes da vigência é recusado.

LESTA art. 41: "Esta Lei entra em vigor cento e oitenta dias após a data de sua publicação."
(publicada no DOU de 12/12/1997: em vigor em 10/06/1998, contagem em dados/normas.yaml).
Decreto nº 2.596/1998 art. 2º: "O Regulamento de que trata este Decreto entra em vigor em 09
de junho de 1998."

A data de cada norma e o dispositivo que a fixa vêm de `dados/normas.yaml`; a recusa
(`ForaDeVigencia`, HTTP 422, CLI saída 2) diz a data, o texto literal e a citação.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from farol.erros import ForaDeVigencia
from farol.normas.citacao import Norma, registro_normas
from farol.normas.infracoes import Infracao, catalogo

NORMA_DO_PROCEDIMENTO = "LESTA"  # chave de normas.yaml: a lei que institui a Inspeção Naval


def exigir_infracao_vigente(inf: Infracao, data: dt.date, *, campo: str = "data") -> None:
    """Recusa o fato anterior à vigência da infração (a da sua norma, ou `vigencia_norma`)."""
    norma = inf.norma_da_vigencia
    if data < norma.vigencia:
        raise ForaDeVigencia(
            f"{inf.codigo} só {norma.explicar_vigencia()}; fato em {data:%d/%m/%Y}",
            campo=campo,
            regra=norma.referencia_vigencia(),
        )


def exigir_vigencia_do_fato(
    data: dt.date, infracoes: Iterable[str], *, campo: str, oque: str = "inspeção"
) -> None:
    """Recusa o fato anterior à LESTA (que institui a Inspeção Naval e o procedimento) ou à
    vigência de alguma das infrações constatadas; a mensagem lista cada texto ainda sem
    vigência na data. Códigos fora do catálogo são ignorados aqui (quem os valida é a
    avaliação das constatações, com o campo de cada uma)."""
    cat = catalogo()
    faltam: dict[str, Norma] = {}
    lesta = registro_normas()[NORMA_DO_PROCEDIMENTO]
    if data < lesta.vigencia:
        faltam[lesta.sigla] = lesta
    for codigo in dict.fromkeys(infracoes):
        inf = cat.infracoes.get(codigo)
        if inf is not None and data < inf.inicio_vigencia:
            faltam[codigo] = inf.norma_da_vigencia
    if not faltam:
        return
    partes = [f"{quem}, que {n.explicar_vigencia()}" for quem, n in faltam.items()]
    regras = dict.fromkeys(n.referencia_vigencia() for n in faltam.values())
    raise ForaDeVigencia(
        f"{oque} em {data:%d/%m/%Y}, antes da vigência de: " + "; ".join(partes),
        campo=campo,
        regra="; ".join(regras),
    )
