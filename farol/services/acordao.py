"""O Acórdão do Tribunal Marítimo que levanta o sobrestamento e o Auto de Infração que o segue.

Norma de 2023, item 3.2: "Assim, as punições às infrações à LESTA somente ocorrerão após o
julgamento do processo e a publicação do Acórdão por aquele Tribunal, ocasião em que o Acórdão
poderá proporá medidas preventivas e apontará infrações à LESTA, quando necessário. Nesta
situação, serão cumpridos os procedimentos habituais da lavratura do Auto de Infração e
estabelecimento da multa pertinente pelo Capitão dos Portos, Delegado ou Agente."

- `validar_levantamento`: o ato de levantamento (marca `levanta_sobrestamento`, dados
  `DadosAcordao`) registra o acórdão publicado até a data do ato e não antes do sobrestamento
  que levanta.
- `acordao_dos_atos`: o acórdão do processo (o do último levantamento que o registrou).
- `vincular_lavratura`: a lavratura que se segue grava o número do acórdão (`acordao`); quando o
  acórdão apontou infrações, uma infração do auto fora delas exige `justificativa` — o auto que
  discrepa do acórdão se motiva (Lei 9.784/1999 art. 50, VII) — e a lista delas fica gravada
  (`infracoes_fora_do_acordao`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.maquina import Maquina
from farol.erros import EntradaInvalida
from farol.normas.citacoes import citacao, referencias
from farol.services.comandos import DadosAcordao, DadosLavratura
from farol.store.orm import Ato, Processo

MARCA = "levanta_sobrestamento"
TITULO = "Acórdão do Tribunal Marítimo"
"""O documento que o levantamento registra (a ciência dele o cita pelo número)."""


def fundamentos() -> list[str]:
    """As citações do acórdão que levanta o sobrestamento, na forma curta."""
    return [
        citacao("acordao_tribunal_maritimo").referencia(),
        citacao("sobrestamento_inquerito").referencia(),
    ]


def _data_do_sobrestamento(s: Session, p: Processo) -> dt.date | None:
    tipos = carregar_regime(p.regime).tipos_com("abre_sobrestamento")
    return s.execute(
        select(Ato.data_ato)
        .where(Ato.processo_id == p.id, Ato.tipo.in_(tipos))
        .order_by(Ato.seq.desc())
        .limit(1)
    ).scalar_one_or_none()


def validar_levantamento(s: Session, p: Processo, data_ato: dt.date, dados: DadosAcordao) -> None:
    """O acórdão já publicado na data do levantamento e não antes do sobrestamento."""
    regra = referencias(citacao("acordao_tribunal_maritimo"), citacao("sobrestamento_inquerito"))
    publicado = dados.publicado_em
    if publicado > data_ato:
        raise EntradaInvalida(
            f"o Acórdão nº {dados.numero} tem publicação em {publicado:%d/%m/%Y}, depois da "
            f"data do levantamento ({data_ato:%d/%m/%Y}): o sobrestamento só se levanta com o "
            "acórdão publicado",
            campo="dados.publicado_em",
            regra=regra,
        )
    sobrestado_em = _data_do_sobrestamento(s, p)
    if sobrestado_em is not None and publicado < sobrestado_em:
        raise EntradaInvalida(
            f"a publicação do Acórdão nº {dados.numero} ({publicado:%d/%m/%Y}) é anterior ao "
            f"sobrestamento ({sobrestado_em:%d/%m/%Y}): o processo se sobrestá para aguardar "
            "o acórdão, e este levantamento só registra o que veio depois",
            campo="dados.publicado_em",
            regra=regra,
        )


def acordao_dos_atos(
    maquina: Maquina, atos: Iterable[tuple[str, dict[str, Any]]]
) -> dict[str, Any] | None:
    """O acórdão do último levantamento que o registrou (número, publicação, infrações e
    medidas preventivas), com os fundamentos; `None` se o processo não tem acórdão."""
    if MARCA not in maquina.marcas:
        return None
    ultimo = None
    for tipo, dados in atos:
        if maquina.tem_marca(tipo, MARCA) and dados.get("numero"):
            ultimo = dados
    if ultimo is None:
        return None
    return {
        "numero": ultimo["numero"],
        "publicado_em": ultimo["publicado_em"],
        "infracoes_apontadas": list(ultimo.get("infracoes_apontadas", [])),
        "medidas_preventivas": ultimo.get("medidas_preventivas"),
        "fundamentos": fundamentos(),
    }


def acordao_do_processo(
    s: Session, p: Processo, antes_do_ato: Ato | None = None
) -> dict[str, Any] | None:
    """O acórdão do processo; com `antes_do_ato`, o registrado antes dele (o que a lavratura
    encontrou, mesmo que outro sobrestamento venha depois)."""
    filtro = [Ato.processo_id == p.id]
    if antes_do_ato is not None:
        filtro.append(Ato.seq < antes_do_ato.seq)
    atos = s.execute(select(Ato.tipo, Ato.payload).where(*filtro).order_by(Ato.seq))
    return acordao_dos_atos(carregar_regime(p.regime), ((t, d or {}) for t, d in atos))


def vincular_lavratura(
    s: Session, p: Processo, dados: DadosLavratura, payload: dict[str, Any]
) -> None:
    """Grava no ato de lavratura o número do acórdão que a precede; recusa, sem justificativa,
    infração que o acórdão não apontou (quando apontou alguma)."""
    acordao = acordao_do_processo(s, p)
    if acordao is None:
        return
    payload["acordao"] = acordao["numero"]
    apontadas = acordao["infracoes_apontadas"]
    if not apontadas:  # "apontará infrações à LESTA, quando necessário": não apontou nenhuma
        return
    fora = list(dict.fromkeys(i.infracao for i in dados.infracoes if i.infracao not in apontadas))
    if not fora:
        return
    if dados.justificativa is None:
        publicado = dt.date.fromisoformat(acordao["publicado_em"])
        raise EntradaInvalida(
            f"infração que o Acórdão do Tribunal Marítimo nº {acordao['numero']} (publicado em "
            f"{publicado:%d/%m/%Y}) não apontou: {', '.join(fora)} (apontadas: "
            f"{', '.join(apontadas)}); o auto que vai além do acórdão exige a justificativa",
            campo="dados.justificativa",
            regra=referencias(
                citacao("acordao_tribunal_maritimo"), citacao("motivacao_do_ato_discrepante")
            ),
        )
    payload["infracoes_fora_do_acordao"] = fora
