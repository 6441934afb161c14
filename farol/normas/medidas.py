"""Tabela de medidas administrativas liminares como dados (`dados/medidas.yaml`).

LESTA art. 16: "A autoridade marítima pode adotar as seguintes medidas administrativas: I -
apreensão do certificado de habilitação; II - apreensão, retirada do tráfego ou impedimento da
saída de embarcação; ...". A NORMAM de 2023 (itens 3.8 a 3.14) diz, para cada infração do RLESTA
e situação da embarcação, quais delas o Inspetor Naval aplica liminarmente.

Cada linha da tabela é uma ação da norma com suas condições; o carregador recusa, ao carregar,
medida ou autor desconhecido, linha sem citação, remissão sem destino e duas linhas que casariam
com a mesma constatação (ambiguidade). `tabela_markdown()` gera a tabela de `docs/medidas.md`.
"""

from __future__ import annotations

import datetime as dt
import re
from enum import StrEnum
from functools import cache
from itertools import combinations
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import Citacao, ler_yaml, registro_normas

# Ids de infração: `RLESTA.<art>[.<inciso romano>]` ou `LESTA.<art>[-<letra>]`.
PADRAO_INFRACAO = re.compile(r"^(RLESTA\.[1-9][0-9]*(\.[IVXLC]+)?|LESTA\.[1-9][0-9]*(-[A-Z])?)$")
PADRAO_LINHA = re.compile(r"^medida\.[A-Za-z0-9.\-]+$")


class Situacao(StrEnum):
    """Situação da embarcação na constatação (NORMAM 3.8.1 a/b e seguintes)."""

    NAVEGANDO = "navegando"
    PARADA = "parada"  # atracada, fundeada ou na boia, após constatação de efetiva navegação


class CategoriaItem(StrEnum):
    """Categoria do item de dotação (RLESTA art. 15; NORMAM 3.12.1 e 3.12.2)."""

    SALVATAGEM = "salvatagem"
    RADIOCOMUNICACAO = "radiocomunicacao"
    INCENDIO = "incendio"
    OUTROS = "outros"


class FaixaVencimento(StrEnum):
    """Há quanto tempo a CHA/CIR venceu, nos termos de 3.9.1 e 3.9.2 (limite em `vencimento`)."""

    NAO_VENCIDA = "nao_vencida"
    ATE_5_ANOS = "ate_5_anos"
    MAIS_DE_5_ANOS = "mais_de_5_anos"


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Medida(_Modelo):
    nome: str
    previsao: Citacao
    definicao: Citacao | None = None
    documentos: tuple[str, ...] = ()
    documentos_fonte: Citacao | None = None
    interpretacao: str | None = None


class Documento(_Modelo):
    nome: str
    citacao: Citacao


class Autor(_Modelo):
    nome: str
    citacao: Citacao


class Interpretacao(_Modelo):
    titulo: str
    texto: str
    citacoes: tuple[Citacao, ...] = Field(min_length=1)


class AutoriaMaterial(_Modelo):
    infracoes: tuple[str, ...] = Field(min_length=1)
    autores: tuple[str, ...] = Field(min_length=1)
    citacao: Citacao | None = None
    interpretacao: str | None = None


class Condicoes(_Modelo):
    """Condições de uma linha; `None` = a condição não importa para a linha."""

    situacao: Situacao | None = None
    condutor_possui_habilitacao: bool | None = None
    vencimento: FaixaVencimento | None = None
    categoria_item: tuple[CategoriaItem, ...] | None = None
    embarcacao_inscrita: bool | None = None
    reincidente: bool | None = None

    def campos(self) -> dict[str, object]:
        return {k: v for k, v in self.model_dump().items() if v is not None}

    def aceita(self, campo: str, valor: object) -> bool:
        exigido = getattr(self, campo)
        if exigido is None:
            return True
        if isinstance(exigido, tuple):
            return valor in exigido
        return bool(exigido == valor)

    def sobrepoe(self, outra: Condicoes) -> bool:
        """Verdadeiro se alguma constatação satisfaz as duas (cada campo se intersecta)."""
        for campo in type(self).model_fields:
            a, b = getattr(self, campo), getattr(outra, campo)
            if a is None or b is None:
                continue
            conj_a = set(a) if isinstance(a, tuple) else {a}
            conj_b = set(b) if isinstance(b, tuple) else {b}
            if not conj_a & conj_b:
                return False
        return True


class Dispensa(_Modelo):
    """Nota 1 de 3.8.1 (e 3.9.x): medidas desnecessárias se um condutor habilitado se apresenta."""

    quando: Literal["condutor_habilitado_presente"]
    medidas: tuple[str, ...] = Field(min_length=1)
    citacao: Citacao


class Vigencia(_Modelo):
    """Desde quando um grupo de linhas vale: o que ele é, o que o Farol diz antes e a citação.

    O início é a vigência da norma citada, lida do registro (`dados/normas.yaml`): a data fica
    num lugar só, e a citação diz por que o grupo começa com aquela norma.
    """

    descricao: str
    antes: str
    citacao: Citacao

    @property
    def inicio(self) -> dt.date:
        return registro_normas()[self.citacao.norma].vigencia


class Linha(_Modelo):
    id: str = Field(pattern=PADRAO_LINHA.pattern)
    vigencia: str | None = None  # chave de `vigencias`; ausente = `vigencia_padrao`
    infracoes: tuple[str, ...] = Field(min_length=1)
    condicoes: Condicoes = Condicoes()
    medidas: tuple[str, ...] = ()
    notificar: tuple[str, ...] = ()
    infracao_aplicavel: str | None = None
    remissao: str | None = None
    dispensa: Dispensa | None = None
    interpretacoes: tuple[str, ...] = ()
    citacoes: tuple[Citacao, ...] = Field(min_length=1)


class Lacuna(_Modelo):
    infracoes: tuple[str, ...] = Field(min_length=1)
    texto: str
    citacao: Citacao


class Ordem(_Modelo):
    nome: str
    citacao: Citacao


class OrdensEstrangeira(_Modelo):
    interpretacao: str
    ordens: dict[str, Ordem] = Field(min_length=1)


class Vencimento(_Modelo):
    limite_anos: int = Field(gt=0)
    interpretacao: str


class TabelaMedidas(_Modelo):
    vigencia_padrao: str
    vigencias: dict[str, Vigencia] = Field(min_length=1)
    fonte: Citacao
    abrangencia: Citacao
    autoria_geral: Citacao
    vencimento: Vencimento
    medidas: dict[str, Medida] = Field(min_length=1)
    documentos: dict[str, Documento]
    autores: dict[str, Autor] = Field(min_length=1)
    autores_materiais: tuple[AutoriaMaterial, ...]
    interpretacoes: dict[str, Interpretacao]
    linhas: tuple[Linha, ...] = Field(min_length=1)
    lacunas: tuple[Lacuna, ...] = ()
    ordens_embarcacao_estrangeira: OrdensEstrangeira

    @model_validator(mode="after")
    def _coerente(self) -> TabelaMedidas:
        erros = _verificar(self)
        if erros:
            raise ValueError("; ".join(erros))
        return self

    # --- consultas -----------------------------------------------------------------------
    def infracoes_conhecidas(self) -> tuple[str, ...]:
        return tuple(i for a in self.autores_materiais for i in a.infracoes)

    def linhas_de(self, infracao: str) -> tuple[Linha, ...]:
        return tuple(linha for linha in self.linhas if infracao in linha.infracoes)

    def autoria_de(self, infracao: str) -> AutoriaMaterial | None:
        return next((a for a in self.autores_materiais if infracao in a.infracoes), None)

    def lacuna_de(self, infracao: str) -> Lacuna | None:
        return next((x for x in self.lacunas if infracao in x.infracoes), None)

    def vigencia_de(self, linha: Linha | None) -> Vigencia:
        """A vigência da linha; sem linha (lacuna ou infração não listada), a padrão: a
        resposta 'sem medida' vem da própria tabela da norma."""
        chave = linha.vigencia if linha is not None and linha.vigencia else self.vigencia_padrao
        return self.vigencias[chave]


def linhas_ambiguas(linhas: tuple[Linha, ...]) -> list[tuple[str, str]]:
    """Pares de linhas com infração em comum cujas condições podem valer ao mesmo tempo."""
    return [
        (a.id, b.id)
        for a, b in combinations(linhas, 2)
        if set(a.infracoes) & set(b.infracoes) and a.condicoes.sobrepoe(b.condicoes)
    ]


def _erro_infracao(t: TabelaMedidas, onde: str, i: str) -> list[str]:
    if not PADRAO_INFRACAO.match(i):
        return [f"{onde}: id de infração malformado {i!r}"]
    if i not in t.infracoes_conhecidas():
        return [f"{onde}: infração {i!r} fora de autores_materiais"]
    return []


def _erro_interpretacao(t: TabelaMedidas, onde: str, i: str | None) -> list[str]:
    if i is not None and i not in t.interpretacoes:
        return [f"{onde}: interpretação desconhecida {i!r}"]
    return []


def _verificar_vigencias(t: TabelaMedidas) -> list[str]:
    if t.vigencia_padrao not in t.vigencias:
        return [f"vigencia_padrao: vigência desconhecida {t.vigencia_padrao!r}"]
    return []


def _verificar_catalogos(t: TabelaMedidas) -> list[str]:
    erros = _verificar_vigencias(t)
    conhecidas = t.infracoes_conhecidas()
    if len(set(conhecidas)) != len(conhecidas):
        erros.append("autores_materiais: infração repetida")
    for nome, m in t.medidas.items():
        erros += _erro_interpretacao(t, f"medida {nome}", m.interpretacao)
        erros += [
            f"medida {nome}: documento desconhecido {d!r}"
            for d in m.documentos
            if d not in t.documentos
        ]
        if m.documentos and m.documentos_fonte is None:
            erros.append(f"medida {nome}: documentos sem citação")
    for a in t.autores_materiais:
        erros += _erro_interpretacao(t, "autores_materiais", a.interpretacao)
        if (a.citacao is None) == (a.interpretacao is None):
            erros.append(f"autores_materiais {a.infracoes}: exige citacao ou interpretacao")
        erros += [
            f"autores_materiais: autor desconhecido {x!r}" for x in a.autores if x not in t.autores
        ]
    erros += _erro_interpretacao(t, "vencimento", t.vencimento.interpretacao)
    erros += _erro_interpretacao(
        t, "ordens_embarcacao_estrangeira", t.ordens_embarcacao_estrangeira.interpretacao
    )
    # a lacuna vale também para infrações que esta tabela não classifica (os arts. 18 a 28 do
    # RLESTA, depois do fim do texto de referência): basta que existam no catálogo
    from farol.normas.infracoes import catalogo

    do_catalogo = catalogo().infracoes
    for lacuna in t.lacunas:
        for i in lacuna.infracoes:
            if i not in do_catalogo or not PADRAO_INFRACAO.match(i):
                erros += _erro_infracao(t, "lacuna", i)
            if t.linhas_de(i):
                erros.append(f"lacuna {i}: a infração tem linhas na tabela")
    return erros


def _verificar_linha(t: TabelaMedidas, linha: Linha) -> list[str]:
    onde = f"linha {linha.id}"
    erros = [e for i in linha.infracoes for e in _erro_infracao(t, onde, i)]
    if linha.vigencia is not None and linha.vigencia not in t.vigencias:
        erros.append(f"{onde}: vigência desconhecida {linha.vigencia!r}")
    erros += [e for i in linha.interpretacoes for e in _erro_interpretacao(t, onde, i)]
    erros += [f"{onde}: medida desconhecida {m!r}" for m in linha.medidas if m not in t.medidas]
    erros += [f"{onde}: autor desconhecido {a!r}" for a in linha.notificar if a not in t.autores]
    if linha.infracao_aplicavel is not None:
        erros += _erro_infracao(t, onde, linha.infracao_aplicavel)
    if linha.dispensa and not set(linha.dispensa.medidas) <= set(linha.medidas):
        erros.append(f"{onde}: dispensa de medida que a linha não aplica")
    textos = {c.texto for c in linha.citacoes}
    for m in linha.medidas:  # formulários: a linha cita a nota ou a interpretação que a estende
        medida = t.medidas.get(m)
        if (
            medida
            and medida.documentos_fonte
            and medida.documentos_fonte.texto not in textos
            and medida.interpretacao not in linha.interpretacoes
        ):
            erros.append(
                f"{onde}: {m} sem a nota dos formulários nem a interpretação {medida.interpretacao}"
            )
    if linha.remissao is None:
        if not linha.notificar:
            erros.append(f"{onde}: sem autor a notificar")
        return erros
    erros += _erro_infracao(t, onde, linha.remissao)
    destino = t.linhas_de(linha.remissao)
    if linha.medidas or linha.notificar or linha.dispensa or linha.infracao_aplicavel:
        erros.append(f"{onde}: remissão não tem medidas, notificados nem dispensa próprios")
    if not destino:
        erros.append(f"{onde}: remissão para {linha.remissao} sem linhas")
    if any(d.remissao for d in destino):
        erros.append(f"{onde}: remissão em cadeia")
    return erros


def _verificar(t: TabelaMedidas) -> list[str]:
    erros = _verificar_catalogos(t)
    ids = [linha.id for linha in t.linhas]
    erros += [f"linha repetida {i!r}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for linha in t.linhas:
        erros += _verificar_linha(t, linha)
    erros += [
        f"linhas {a} e {b} casam com a mesma constatação (ambíguas)"
        for a, b in linhas_ambiguas(t.linhas)
    ]
    return erros


def validar_tabela(dados: dict[str, Any]) -> TabelaMedidas:
    """Valida um mapa já lido do YAML; erro de dados vira `DadosNormativosInvalidos`."""
    try:
        return TabelaMedidas.model_validate(dados)
    except ValidationError as e:
        raise DadosNormativosInvalidos(f"medidas.yaml inválido: {e}") from e


@cache
def carregar_tabela() -> TabelaMedidas:
    return validar_tabela(ler_yaml("medidas.yaml"))


# --- documentação gerada (docs/medidas.md inclui este texto; um teste impede a divergência) ---
def _celula(texto: str) -> str:
    return texto.replace("|", "\\|").replace("\n", " ")


def _condicoes_md(c: Condicoes) -> str:
    partes = []
    for campo, valor in c.campos().items():
        if isinstance(valor, (list, tuple)):
            valor = " ou ".join(str(v) for v in valor)
        elif isinstance(valor, bool):
            valor = "sim" if valor else "não"
        partes.append(f"{campo}: {valor}")
    return "; ".join(partes) or "qualquer"


def tabela_markdown(tabela: TabelaMedidas | None = None) -> str:
    """A tabela de linhas, as lacunas e as ordens à estrangeira em markdown."""
    t = tabela or carregar_tabela()
    out = ["Medidas (ordem estável da saída):", ""]
    for chave, m in t.medidas.items():
        refs = "; ".join(c.referencia() for c in (m.previsao, m.definicao) if c is not None)
        docs = ", ".join(t.documentos[d].nome for d in m.documentos)
        out.append(f"- `{chave}`: {m.nome} ({refs})" + (f"; formulários: {docs}." if docs else "."))
    out += ["", "Autores notificados:", ""]
    for chave, a in t.autores.items():
        out.append(f"- `{chave}`: {a.nome} ({a.citacao.referencia()}).")
    out += ["", "Vigência das linhas (antes do início, a constatação datada é recusada):", ""]
    for chave, v in t.vigencias.items():
        padrao = " (padrão: linhas sem `vigencia`, lacunas e infrações sem linha)"
        out.append(
            f"- `{chave}`: a partir de {v.inicio:%d/%m/%Y} — {v.descricao} "
            f"({v.citacao.referencia()}){padrao if chave == t.vigencia_padrao else ''}. "
            f"Antes: {v.antes}."
        )
    out += [
        "",
        f"Tabela (limite de vencimento da CHA/CIR: {t.vencimento.limite_anos} anos):",
        "",
        "| linha | desde | infrações | condições | medidas | notificar | dispensa (condutor "
        "habilitado presente) | fundamento |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for linha in t.linhas:
        if linha.remissao:
            medidas = f"as da tabela de {linha.remissao}"
            notificar = f"os de {linha.remissao}"
        else:
            medidas = ", ".join(linha.medidas) or "nenhuma medida liminar"
            notificar = ", ".join(linha.notificar)
            if linha.infracao_aplicavel:
                notificar += f" (por {linha.infracao_aplicavel})"
        dispensa = "—"
        if linha.dispensa:
            dispensa = (
                f"{', '.join(linha.dispensa.medidas)} ({linha.dispensa.citacao.referencia()})"
            )
        fundamento = "; ".join(c.referencia() for c in linha.citacoes)
        if linha.interpretacoes:
            fundamento += "; interpretação: " + ", ".join(linha.interpretacoes)
        celulas = [
            f"`{linha.id}`",
            f"{t.vigencia_de(linha).inicio:%d/%m/%Y}",
            ", ".join(linha.infracoes),
            _condicoes_md(linha.condicoes),
            medidas,
            notificar,
            dispensa,
            fundamento,
        ]
        out.append("| " + " | ".join(_celula(x) for x in celulas) + " |")
    out += [
        "",
        "Lacunas (texto de referência interrompido; a resposta leva o marcador `lacuna`):",
        "",
    ]
    for lacuna in t.lacunas:
        out.append(
            f"- {', '.join(lacuna.infracoes)}: {lacuna.texto} ({lacuna.citacao.referencia()})."
        )
    out += ["", "Ordens à embarcação estrangeira (opções do Inspetor Naval):", ""]
    for chave, ordem in t.ordens_embarcacao_estrangeira.ordens.items():
        out.append(f"- `{chave}`: {ordem.nome} ({ordem.citacao.referencia()}).")
    out += ["", "Interpretações:", ""]
    for chave, i in t.interpretacoes.items():
        refs = "; ".join(c.referencia() for c in i.citacoes)
        out.append(f"- `{chave}` — {i.titulo} ({refs}). {_celula(i.texto)}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # pragma: no cover - gera o trecho de docs/medidas.md
    print(tabela_markdown(), end="")
