"""A regra de transição entre normas, como dado: `dados/transicao.yaml`.

Uma só regra (tempus regit actum; CPC art. 14, subsidiário pela Lei 9.784/1999 art. 69) e a
data que escolhe a versão de cada espécie de item; as mudanças de norma por regime; os prazos
que a norma anterior deixava à autoridade fixar no ato; as instâncias extintas e o que fazer
em vez delas. Validado na carga contra `normas.yaml`, `prazos.yaml` e `instancias.yaml`.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml, registro_normas
from farol.normas.prazos import catalogo_instancias, catalogo_prazos

ARQUIVO = "transicao.yaml"

Especie = Literal["prazo", "cabimento_de_recurso", "autoridade_do_recurso", "documento"]


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Referencia(_Modelo):
    data: str = Field(min_length=1)
    descricao: str = Field(min_length=1)


class Regra(_Modelo):
    enunciado: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)
    referencias: dict[Especie, Referencia]

    @property
    def fundamento(self) -> str:
        return "; ".join(c.referencia() for c in self.fontes)


class Mudanca(_Modelo):
    id: str
    data: dt.date
    regimes: tuple[str, ...] = Field(min_length=1)
    anterior: str
    nova: str


class Minimo(_Modelo):
    dias: PositiveInt
    contagem: Literal["uteis", "corridos"]


class PrazoFixadoNoAto(_Modelo):
    campo: str = Field(min_length=1)
    minimo: Minimo
    fontes: tuple[Citacao, ...] = Field(min_length=1)


class InstanciaExtinta(_Modelo):
    prazos: tuple[str, ...] = ()
    em_vez_disso: str = Field(min_length=1)
    recurso_ja_cabivel: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)


class MedidasAntesDaTabela(_Modelo):
    norma_da_tabela: str
    texto: str = Field(min_length=1)
    fontes: tuple[Citacao, ...] = Field(min_length=1)

    @property
    def desde(self) -> dt.date:
        """O primeiro dia da tabela por infração (a vigência da norma que a trouxe)."""
        return registro_normas()[self.norma_da_tabela].vigencia


class Transicao(_Modelo):
    regra: Regra
    mudancas: tuple[Mudanca, ...]
    prazos_fixados_no_ato: dict[str, PrazoFixadoNoAto] = Field(default_factory=dict)
    instancias_extintas: dict[str, InstanciaExtinta] = Field(default_factory=dict)
    medidas_antes_da_tabela: MedidasAntesDaTabela | None = None

    def extinta_com_o_prazo(self, prazo: str) -> InstanciaExtinta | None:
        """A instância extinta de que o prazo dependia (o recurso e a decisão dele)."""
        return next((x for x in self.instancias_extintas.values() if prazo in x.prazos), None)

    def mudancas_do_regime(self, regime: str) -> tuple[Mudanca, ...]:
        """As mudanças de norma do regime, pela data."""
        return tuple(
            sorted((m for m in self.mudancas if regime in m.regimes), key=lambda m: m.data)
        )

    def norma_do_rito(self, regime: str, data: dt.date) -> str | None:
        """A norma do rito do regime em vigor na `data`: a nova a partir de cada mudança, a
        anterior antes da primeira; None se o regime não mudou de norma."""
        mudancas = self.mudancas_do_regime(regime)
        if not mudancas:
            return None
        return next((m.nova for m in reversed(mudancas) if data >= m.data), mudancas[0].anterior)

    def mudanca(self, regime: str, antes: dt.date, depois: dt.date) -> Mudanca | None:
        """A mudança de norma do regime entre duas datas (antes < mudança <= depois)."""
        return next(
            (m for m in self.mudancas if regime in m.regimes and antes < m.data <= depois), None
        )


def _problemas(t: Transicao) -> list[str]:
    normas = registro_normas()
    problemas: list[str] = []
    faltando = {"prazo", "cabimento_de_recurso", "autoridade_do_recurso", "documento"} - set(
        t.regra.referencias
    )
    if faltando:
        problemas.append(f"regra sem data de referência para: {', '.join(sorted(faltando))}")
    for m in t.mudancas:
        for chave in (m.anterior, m.nova):
            if chave not in normas:
                problemas.append(f"mudança {m.id}: norma sem registro {chave!r}")
        if m.nova in normas and normas[m.nova].vigencia != m.data:
            problemas.append(
                f"mudança {m.id}: data {m.data} difere da vigência de {m.nova} "
                f"({normas[m.nova].vigencia})"
            )
    antes = t.medidas_antes_da_tabela
    if antes is not None and antes.norma_da_tabela not in normas:
        problemas.append(f"medidas_antes_da_tabela: norma sem registro {antes.norma_da_tabela!r}")
    prazos = catalogo_prazos()
    for chave in t.prazos_fixados_no_ato:
        regime, etapa = chave.split(".")[1:3] if chave.count(".") == 2 else ("", "")
        try:
            prazos.regra(regime, etapa)
        except Exception:
            problemas.append(f"prazo fixado no ato sem regra em prazos.yaml: {chave!r}")
    autoridades = catalogo_instancias().autoridades
    for chave, extinta in t.instancias_extintas.items():
        item = autoridades.get(chave)
        if item is None or all(v.valor is not None for v in item.versoes):
            problemas.append(f"instância extinta sem versão nula em instancias.yaml: {chave!r}")
        for prazo in extinta.prazos:
            regime, etapa = prazo.split(".")[1:3] if prazo.count(".") == 2 else ("", "")
            try:
                regra = prazos.regra(regime, etapa)
            except Exception:
                problemas.append(f"instância {chave}: prazo sem regra {prazo!r}")
                continue
            if regra.versoes[-1].valor is not None:
                problemas.append(f"instância {chave}: o prazo {prazo} não está extinto")
    return problemas


@cache
def transicao() -> Transicao:
    try:
        t = Transicao.model_validate(ler_yaml(ARQUIVO))
    except ValueError as e:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: {e}") from e
    problemas = _problemas(t)
    if problemas:
        raise DadosNormativosInvalidos(f"{ARQUIVO}: " + "; ".join(problemas))
    return t
