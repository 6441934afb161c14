"""Cálculo de prazos: vencimento, dias pulados e fundamentos de cada etapa do processo.

Lei 9.784/1999 art. 66: "Os prazos começam a correr a partir da data da cientificação oficial,
excluindo-se da contagem o dia do começo e incluindo-se o do vencimento." A contagem começa no
dia seguinte ao `inicio` (a ciência) e inclui o último dia:

- dias úteis (LESTA art. 23 §1º, art. 24 §1º): contam-se só os dias úteis do calendário;
- dias corridos (art. 66 §2º, "contam-se de modo contínuo"): vencimento = inicio + dias;
- anos (art. 66 §3º, "de data a data"; sem o dia equivalente, o último dia do mês).

Em todos, o vencimento em dia sem expediente (ou de expediente encerrado antes da hora) se
prorroga até o primeiro dia útil seguinte (art. 66 §1º), salvo as regras com `prorroga: false`
(prescrição). A versão da regra é a vigente no `inicio` (ou em `data_norma`, se informada).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from farol.erros import EntradaInvalida, ForaDeVigencia
from farol.normas.citacao import Citacao
from farol.normas.prazos import Contagem, RegraPrazo, ValorPrazo, catalogo_prazos, regra_prazo
from farol.rules.calendario import BASE, Calendario, Folga, Indices, obter_calendario
from farol.rules.transicao import explicar_extincao

Datas = npt.NDArray[np.datetime64]
_BASE_EPOCA = int(BASE.astype(np.int64))  # dias de 1970-01-01 até o 1º dia do calendário


@dataclass(frozen=True)
class ResultadoPrazo:
    """Um prazo calculado e a sua explicação; `para_json()` é o formato da CLI e da API."""

    regra: str  # id legal, ex.: prazo.lesta.defesa
    etapa: str
    regime: str
    inicio: dt.date
    vencimento: dt.date
    contagem: Contagem
    dias: int  # dias úteis ou corridos contados; nos prazos em anos, os dias corridos do período
    prorrogado: bool  # o último dia caiu sem expediente e o vencimento foi adiado
    dias_nao_uteis: list[tuple[dt.date, str]]  # dias pulados (úteis) ou que adiaram o vencimento
    fundamentos: list[str]
    a_partir_de: str
    anos: int | None = None
    # a base legal de cada dia de `dias_nao_uteis` (lei do feriado, ato do ponto facultativo ...)
    folgas: Mapping[dt.date, tuple[Folga, ...]] = field(default_factory=dict)

    def dias_nao_uteis_json(self) -> list[dict[str, Any]]:
        """Cada dia não útil com o motivo e `fundamentos`: {motivo, norma, dispositivo, texto,
        referencia, pendente} de cada motivo do dia — o formato gravado no prazo e o da API."""
        return [
            {
                "data": d.isoformat(),
                "motivo": motivo,
                "fundamentos": [j for f in self.folgas.get(d, ()) for j in f.para_json()],
            }
            for d, motivo in self.dias_nao_uteis
        ]

    def para_json(self) -> dict[str, Any]:
        return {
            "etapa": self.etapa,
            "regime": self.regime,
            "inicio": self.inicio.isoformat(),
            "vencimento": self.vencimento.isoformat(),
            "contagem": self.contagem,
            "dias": self.dias,
            "prorrogado": self.prorrogado,
            "dias_nao_uteis": self.dias_nao_uteis_json(),
            "fundamentos": list(self.fundamentos),
        }


def calcular_prazo(
    etapa: str,
    inicio: dt.date,
    regime: str = "lesta",
    calendario: Calendario | None = None,
    *,
    data_norma: dt.date | None = None,
    dias_fixados: int | None = None,
) -> ResultadoPrazo:
    """Vencimento da `etapa` cuja contagem parte da ciência em `inicio`.

    `data_norma` escolhe a versão da regra (ex.: a data do auto, se o processo segue a norma
    antiga); por omissão, a do `inicio`. `dias_fixados`: o número de dias que a decisão fixou,
    quando a versão diz `fixado_na_decisao`. Etapa/regime desconhecidos: EntradaInvalida;
    sem regra em vigor: ForaDeVigencia.
    """
    regra = regra_prazo(regime, etapa)
    cal = calendario if calendario is not None else obter_calendario()
    i = cal.indice(inicio, campo="inicio")
    try:
        versao, valor = regra.vigente(data_norma or inicio, campo="inicio")
    except ForaDeVigencia as e:
        raise explicar_extincao(regra.id, e) from None
    if valor.vence_na_data_do_ato is not None:
        raise EntradaInvalida(
            f"prazo {regra.id}: a norma não fixa o prazo; ele vence na data que o próprio ato "
            f"fixa (dados.{valor.vence_na_data_do_ato})",
            campo="etapa",
            regra=versao.fonte.referencia(),
        )
    if valor.fixado_na_decisao:
        if dias_fixados is None or dias_fixados < 1:
            raise EntradaInvalida(
                f"prazo {regra.id}: a norma não fixa o número de dias; a decisão deve fixá-lo",
                campo="dias",
                regra=versao.fonte.referencia(),
            )
        valor = valor.model_copy(update={"dias": dias_fixados, "fixado_na_decisao": False})
    bruto = int(_termo(cal, np.array([i], dtype=np.int64), valor, "inicio")[0])
    final = bruto
    if valor.prorroga:
        final = int(_prorrogar(cal, np.array([bruto], dtype=np.int64), "inicio")[0])

    # dias pulados na contagem em dias úteis e, em todas, os que adiaram o vencimento
    pulados = cal.sem_vencimento_entre(i + 1, bruto, uteis=True) if _em_dias_uteis(valor) else []
    pulados += cal.sem_vencimento_entre(bruto, final, uteis=False)
    dias_nao_uteis = [(cal.data(j), cal.motivo(cal.data(j)) or "sem expediente") for j in pulados]

    return ResultadoPrazo(
        regra=regra.id,
        etapa=regra.etapa,
        regime=regra.regime,
        inicio=inicio,
        vencimento=cal.data(final),
        contagem=valor.contagem,
        dias=valor.dias if valor.dias is not None else (cal.data(bruto) - inicio).days,
        prorrogado=final != bruto,
        dias_nao_uteis=dias_nao_uteis,
        fundamentos=_fundamentos(cal, versao.fonte, valor, final != bruto, dias_nao_uteis),
        a_partir_de=valor.a_partir_de,
        anos=valor.anos,
        folgas={d: cal.folgas_do_dia(d) for d, _ in dias_nao_uteis},
    )


@dataclass(frozen=True)
class PrazoAContar:
    """Um prazo cujo início (a ciência) ainda não aconteceu: quanto e como se conta, de que
    evento e com que fundamentos; sem vencimento, que só existe depois da ciência."""

    regra: str
    etapa: str
    regime: str
    dias: int | None
    anos: int | None
    contagem: Contagem
    a_partir_de: str
    fundamentos: list[str]


def prazo_a_contar(etapa: str, data_norma: dt.date, regime: str = "lesta") -> PrazoAContar:
    """A regra da `etapa` em vigor em `data_norma`, para um documento que anuncia o prazo antes
    da ciência (ex.: a Notificação para Retirada, cujo prazo corre do seu recebimento). Quem
    precisa do vencimento chama `calcular_prazo` com a data da ciência; aqui nenhuma data é
    calculada. Sem regra em vigor: ForaDeVigencia."""
    regra = regra_prazo(regime, etapa)
    versao, valor = regra.vigente(data_norma, campo="data")
    return PrazoAContar(
        regra=regra.id,
        etapa=regra.etapa,
        regime=regra.regime,
        dias=valor.dias,
        anos=valor.anos,
        contagem=valor.contagem,
        a_partir_de=valor.a_partir_de,
        fundamentos=_fundamentos(obter_calendario(), versao.fonte, valor, False, []),
    )


def _em_dias_uteis(valor: ValorPrazo) -> bool:
    return valor.dias is not None and valor.contagem == "uteis"


def _fundamentos(
    cal: Calendario,
    fonte: Citacao,
    valor: ValorPrazo,
    prorrogado: bool,
    dias_nao_uteis: list[tuple[dt.date, str]],
) -> list[str]:
    """Fonte da regra, citações adicionais, art. 66 aplicado e a base legal de cada dia pulado
    que não é fim de semana (lei do feriado, ato do ponto facultativo, ato da OM)."""
    contagem = catalogo_prazos().contagem
    refs = [fonte.referencia(), *(c.referencia() for c in valor.adicionais)]
    if valor.anos is not None:
        refs.append(contagem.anos.referencia())
    else:
        refs.append(contagem.inicio.referencia())
        if valor.contagem == "corridos":
            refs.append(contagem.dias_corridos.referencia())
    if prorrogado:
        refs.append(contagem.prorrogacao.referencia())
    folgas = [f for d, _ in dias_nao_uteis for f in cal.folgas.get(d, ())]  # sem fim de semana
    refs += [base.referencia for f in folgas for base in f.bases]
    return list(dict.fromkeys(refs))


def calcular_vencimentos(
    etapa: str,
    inicios: Datas,
    regime: str = "lesta",
    uf: str | None = None,
    *,
    extras: Mapping[dt.date, str] | None = None,
    datas_norma: Datas | None = None,
) -> Datas:
    """Vencimentos (datetime64[D]) de muitos prazos da mesma etapa, só com indexação numpy.

    Mesmo resultado que `calcular_prazo(...).vencimento` para cada início. Um início fora do
    calendário ou sem regra em vigor faz o lote inteiro falhar, nomeando o campo `inicios`.
    """
    regra = regra_prazo(regime, etapa)
    cal = obter_calendario(uf, extras)
    datas = _como_datas(inicios, "inicios")
    indices = _indices(cal, datas, "inicios")
    referencia = datas if datas_norma is None else _como_datas(datas_norma, "datas_norma")
    if referencia.shape != datas.shape:
        raise EntradaInvalida("datas_norma deve ter a forma de inicios", campo="datas_norma")
    versao_de = _versoes(regra, referencia.ravel())
    planos = indices.ravel()
    saida = np.empty_like(planos)
    for k, versao in enumerate(regra.versoes):
        mascara = versao_de == k
        if not mascara.any():
            continue
        if versao.valor is None:
            raise ForaDeVigencia(
                f"prazo {regra.id} extinto desde {versao.inicio:%d/%m/%Y}",
                campo="inicios",
                regra=versao.fonte.referencia(),
            )
        if versao.valor.vence_na_data_do_ato is not None:
            raise EntradaInvalida(
                f"prazo {regra.id}: a norma não fixa o prazo; ele vence na data que cada ato "
                f"fixa (dados.{versao.valor.vence_na_data_do_ato})",
                campo="etapa",
                regra=versao.fonte.referencia(),
            )
        if versao.valor.fixado_na_decisao:  # os dias vêm de cada decisão: calcular_prazo
            raise EntradaInvalida(
                f"prazo {regra.id}: a norma não fixa o número de dias; cada decisão o fixa "
                "(calcule um a um, com os dias da decisão)",
                campo="etapa",
                regra=versao.fonte.referencia(),
            )
        parte = planos if mascara.all() else planos[mascara]
        termos = _termo(cal, parte, versao.valor, "inicios")
        if versao.valor.prorroga:
            termos = _prorrogar(cal, termos, "inicios")
        if mascara.all():
            saida = termos
        else:
            saida[mascara] = termos
    vencimentos: Datas = (saida + _BASE_EPOCA).view("datetime64[D]")
    return vencimentos.reshape(datas.shape)


# --------------------------------------------------------------------------- núcleo vetorial


def _termo(cal: Calendario, indices: Indices, valor: ValorPrazo, campo: str) -> Indices:
    """Último dia do prazo, antes da prorrogação do art. 66 §1º."""
    if valor.anos is not None:
        termos = _somar_anos(indices, valor.anos)
    elif valor.contagem == "uteis":
        assert valor.dias is not None
        # o n-ésimo dia útil depois de i é o (acumulado_util[i] + n)-ésimo dia útil do calendário
        posicoes = cal.acumulado_util[indices] + (valor.dias - 1)
        _dentro(posicoes, len(cal.posicoes_uteis), campo)
        termos = cal.posicoes_uteis[posicoes]
    else:
        assert valor.dias is not None
        termos = indices + valor.dias
    _dentro(termos, cal.tamanho, campo)
    return termos


def _prorrogar(cal: Calendario, termos: Indices, campo: str) -> Indices:
    """Art. 66 §1º: o primeiro dia de expediente normal a partir do termo."""
    finais = cal.proximo_vencivel[termos]
    _dentro(finais, cal.tamanho, campo)
    return finais


def _somar_anos(indices: Indices, anos: int) -> Indices:
    """Art. 66 §3º: de data a data; sem o dia equivalente, o último dia do mês."""
    datas = BASE + indices
    meses = datas.astype("datetime64[M]")
    dia_do_mes = (datas - meses.astype("datetime64[D]")).astype(np.int64)
    alvo = meses + np.timedelta64(12 * anos, "M")
    ultimo = ((alvo + 1).astype("datetime64[D]") - alvo.astype("datetime64[D]")).astype(np.int64)
    termos = alvo.astype("datetime64[D]") + np.minimum(dia_do_mes, ultimo - 1)
    deslocamentos: Indices = (termos - BASE).astype(np.int64)
    return deslocamentos


def _dentro(indices: Indices, limite: int, campo: str) -> None:
    if indices.size and int(indices.max()) >= limite:
        raise EntradaInvalida(
            "o vencimento cai depois do fim do calendário suportado (31/12/2100)", campo=campo
        )


def _como_datas(valores: Datas, campo: str) -> Datas:
    if not isinstance(valores, np.ndarray) or valores.dtype.kind != "M":
        raise EntradaInvalida("esperado um vetor numpy de datetime64[D]", campo=campo)
    datas = valores.astype("datetime64[D]", copy=False)
    if np.isnat(datas).any():
        raise EntradaInvalida("vetor com data vazia (NaT)", campo=campo)
    return datas


def _indices(cal: Calendario, datas: Datas, campo: str) -> Indices:
    indices = datas.view(np.int64) - _BASE_EPOCA
    if indices.size and (int(indices.min()) < 0 or int(indices.max()) >= cal.tamanho):
        raise EntradaInvalida("data fora do calendário suportado (1990 a 2100)", campo=campo)
    return indices


@cache
def _inicios_das_versoes(regra_id: str) -> Datas:
    versoes = catalogo_prazos().regras[regra_id].versoes
    return np.array([v.inicio.isoformat() for v in versoes], dtype="datetime64[D]")


def _versoes(regra: RegraPrazo, referencia: Datas) -> Indices:
    """Índice da versão vigente em cada data de referência; antes da primeira: ForaDeVigencia."""
    inicios = _inicios_das_versoes(regra.id)
    versao_de: Indices = np.searchsorted(inicios, referencia, side="right").astype(np.int64) - 1
    if versao_de.size and int(versao_de.min()) < 0:
        primeira = regra.versoes[0]
        raise ForaDeVigencia(
            f"prazo {regra.id} sem previsão normativa antes de {primeira.inicio:%d/%m/%Y}",
            campo="inicios",
            regra=primeira.fonte.referencia(),
        )
    return versao_de
