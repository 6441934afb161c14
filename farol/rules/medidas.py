"""Medidas administrativas liminares para uma constatação (regra pura sobre `medidas.yaml`).

NORMAM (Port. 110/2023), seção III: "Caberá ao Inspetor Naval aplicar as seguintes ações ao
constatar infrações ao RLESTA". `aplicar_medidas` escolhe a única linha da tabela que casa com a
constatação, aplica a dispensa da nota 1 (condutor habilitado presente), segue a remissão de
3.9.3 d para 3.8 e devolve medidas, notificados, formulários e fundamentos. Sem linha, não há
medida: resta a notificação do autor material. Onde o texto de referência da norma está
interrompido (`lacunas` do YAML), o resultado leva o marcador `lacuna` com a citação: "o texto
acaba aqui" não é "a norma não prevê medida".

Vigência por linha: cada linha vale desde o início do seu grupo (`vigencias` do YAML; as do
art. 4º-A da LESTA desde a Lei nº 11.970/2009, as da NORMAM desde 01/12/2023). Com
`data_inspecao`, a linha que caberia e ainda não vigorava é recusada (`ForaDeVigencia`) com o
início e a citação.

API: `Constatacao`, `constatacao_de_dict`, `aplicar_medidas`, `ResultadoMedidas`,
`LacunaNoTexto`, `lacuna_no_texto`, `faixa_de_vencimento`, `anos_vencida_de_datas`,
`faixa_por_anos`, `aniversario`.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from farol.erros import CATALOGO_DE_INFRACOES, EntradaInvalida, ForaDeVigencia
from farol.formatos import citado
from farol.normas.citacao import Citacao
from farol.normas.infracoes import infracao_desconhecida
from farol.normas.medidas import (
    PADRAO_INFRACAO,
    CategoriaItem,
    FaixaVencimento,
    Interpretacao,
    Linha,
    Situacao,
    TabelaMedidas,
    Vigencia,
    carregar_tabela,
)

# --- vencimento da CHA/CIR (NORMAM 3.9.1 "em até 5 anos" x 3.9.2 "após 5 anos") -------------


def aniversario(data: dt.date, anos: int) -> dt.date:
    """`data` + `anos` anos civis; 29/02 sem correspondente vira 01/03 (Lei 810/1949, art. 3º)."""
    try:
        return data.replace(year=data.year + anos)
    except ValueError:  # 29 de fevereiro em ano não bissexto
        return dt.date(data.year + anos, 3, 1)


def faixa_por_anos(anos_vencida: Decimal | None, limite_anos: int) -> FaixaVencimento:
    """`None` = não vencida; até `limite_anos` inclusive = 3.9.1; acima = 3.9.2."""
    if anos_vencida is None:
        return FaixaVencimento.NAO_VENCIDA
    if anos_vencida <= limite_anos:
        return FaixaVencimento.ATE_5_ANOS
    return FaixaVencimento.MAIS_DE_5_ANOS


def faixa_de_vencimento(
    validade: dt.date, data_inspecao: dt.date, limite_anos: int | None = None
) -> FaixaVencimento:
    """Compara datas: válida até `validade` inclusive; o 5º aniversário ainda é 'em até 5 anos'."""
    limite = carregar_tabela().vencimento.limite_anos if limite_anos is None else limite_anos
    if data_inspecao <= validade:
        return FaixaVencimento.NAO_VENCIDA
    if data_inspecao <= aniversario(validade, limite):
        return FaixaVencimento.ATE_5_ANOS
    return FaixaVencimento.MAIS_DE_5_ANOS


def anos_vencida_de_datas(validade: dt.date, data_inspecao: dt.date) -> Decimal | None:
    """Anos desde o vencimento, coerente com `faixa_de_vencimento` em todo limite inteiro.

    Anos completos (por aniversário) mais a fração do ano corrente arredondada para cima em
    centésimos e mantida entre 0,01 e 0,99: um dia depois do 5º aniversário dá 5,01 (> 5); no
    próprio aniversário, 5 exatos. `None` se a CHA/CIR ainda não venceu.
    """
    if data_inspecao <= validade:
        return None
    completos = data_inspecao.year - validade.year
    while completos > 0 and aniversario(validade, completos) > data_inspecao:
        completos -= 1
    inicio = aniversario(validade, completos)
    resto = (data_inspecao - inicio).days
    if resto == 0:
        return Decimal(completos)
    duracao = (aniversario(validade, completos + 1) - inicio).days
    centesimos = min(max(-(-resto * 100 // duracao), 1), 99)
    return Decimal(completos) + Decimal(centesimos).scaleb(-2)


# --- a constatação ---------------------------------------------------------------------------

_ACEITOS: dict[str, str] = {
    "situacao": ", ".join(s.value for s in Situacao),
    "categoria_item": ", ".join(c.value for c in CategoriaItem),
}


def _traduzir(erro: ValidationError) -> EntradaInvalida:
    """Primeiro erro do pydantic em português, nomeando o campo."""
    erros = erro.errors()
    extras = [str(e["loc"][0]) for e in erros if e["type"] == "extra_forbidden" and e["loc"]]
    if extras:
        aceitos = ", ".join(Constatacao.model_fields)
        return EntradaInvalida(
            f"campo(s) desconhecido(s): {', '.join(extras)}; campos aceitos: {aceitos}",
            campo=", ".join(extras),
        )
    e = erros[0]
    campo = ".".join(str(x) for x in e["loc"]) or None
    tipo = e["type"]
    if tipo == "missing":
        msg = "campo obrigatório"
    elif tipo == "enum":
        msg = f"valor desconhecido {e['input']!r}; aceitos: {_ACEITOS.get(campo or '', '')}"
    elif tipo.startswith("bool"):
        msg = f"deve ser verdadeiro ou falso (true/false), recebido {e['input']!r}"
    elif tipo.startswith("decimal") or tipo == "finite_number":
        msg = f"deve ser um número, recebido {e['input']!r}"
    elif tipo == "greater_than_equal":
        msg = f"não pode ser negativo, recebido {e['input']!r}"
    elif tipo.startswith("date"):
        msg = f"data inválida {e['input']!r}; use AAAA-MM-DD"
    elif tipo.startswith("string"):
        msg = f"deve ser texto, recebido {e['input']!r}"
    elif tipo in ("model_type", "model_attributes_type", "dict_type"):
        msg, campo = "a constatação deve ser um objeto (mapa de campos)", None
    else:  # pragma: no cover - tipos de erro não previstos
        msg = f"valor inválido: {e['msg']}"
    return EntradaInvalida(msg, campo=campo)


class Constatacao(BaseModel):
    """Fato constatado na abordagem; campos ausentes só são exigidos pela linha que os usa.

    `anos_vencida`: anos desde o vencimento da CHA/CIR (`None` = não vencida); ou, em seu lugar,
    `validade_habilitacao` + `data_inspecao`, de que o Farol calcula `anos_vencida`.
    `condutor_habilitado_presente`, `embarcacao_estrangeira` e `reincidente`: ausente = falso.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    infracao: str
    situacao: Situacao | None = None
    condutor_habilitado_presente: StrictBool = False
    anos_vencida: Decimal | None = Field(default=None, ge=0)
    validade_habilitacao: dt.date | None = None
    data_inspecao: dt.date | None = None
    categoria_item: CategoriaItem | None = None
    embarcacao_inscrita: StrictBool | None = None
    condutor_possui_habilitacao: StrictBool | None = None
    embarcacao_estrangeira: StrictBool = False
    reincidente: StrictBool = False

    @model_validator(mode="wrap")
    @classmethod
    def _em_portugues(cls, dados: Any, handler: ValidatorFunctionWrapHandler) -> Constatacao:
        try:
            c: Constatacao = handler(dados)
        except ValidationError as e:
            raise _traduzir(e) from None
        if c.validade_habilitacao is None:
            return c
        if c.data_inspecao is None:
            raise EntradaInvalida(
                "obrigatória quando se informa validade_habilitacao", campo="data_inspecao"
            )
        if c.anos_vencida is not None:
            raise EntradaInvalida(
                "informe anos_vencida ou validade_habilitacao, não os dois", campo="anos_vencida"
            )
        anos = anos_vencida_de_datas(c.validade_habilitacao, c.data_inspecao)
        return c.model_copy(update={"anos_vencida": anos})

    @field_validator("infracao")
    @classmethod
    def _infracao_bem_formada(cls, v: str) -> str:
        if not PADRAO_INFRACAO.match(v):
            raise EntradaInvalida(
                f"id de infração malformado {citado(v)}; use RLESTA.<artigo>[.<inciso romano>] "
                "(ex.: RLESTA.12.III) ou LESTA.<artigo> (ex.: LESTA.4-A)",
                campo="infracao",
            )
        return v

    @field_validator(
        "condutor_habilitado_presente", "embarcacao_estrangeira", "reincidente", mode="before"
    )
    @classmethod
    def _nulo_e_falso(cls, v: object) -> object:
        return False if v is None else v

    @field_validator("validade_habilitacao", "data_inspecao", mode="before")
    @classmethod
    def _data_iso(cls, v: object) -> object:
        if v is not None and not isinstance(v, (str, dt.date)):
            return "inválida"  # número não é data: cai no erro de data do pydantic
        return v


def constatacao_de_dict(d: dict[str, Any]) -> Constatacao:
    """Valida a constatação lida de JSON (CLI/API); chave desconhecida é erro que a nomeia."""
    if not isinstance(d, dict):
        raise EntradaInvalida("a constatação deve ser um objeto JSON (mapa de campos)")
    return Constatacao.model_validate(d)


# --- o resultado -----------------------------------------------------------------------------


class LacunaNoTexto(BaseModel):
    """O texto de referência da norma acaba antes de dizer a medida para `infracao`.

    Não é "nenhuma medida se aplica" (resposta afirmativa da norma, linha com `medidas: []`):
    é "a norma diz algo aqui que o Farol não tem". `citacao` é o trecho onde o texto para.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    infracao: str
    citacao: Citacao
    texto: str

    def para_json(self) -> dict[str, Any]:
        return {
            "infracao": self.infracao,
            "referencia": self.citacao.referencia(),
            "citacao": self.citacao.model_dump(),
            "texto": self.texto,
        }


class ResultadoMedidas(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    infracao: str
    infracao_aplicavel: str
    linha: str | None
    medidas: tuple[str, ...]
    medidas_dispensadas: tuple[str, ...] = ()
    notificar: tuple[str, ...]
    documentos: tuple[str, ...] = ()
    ordens_estrangeira: tuple[str, ...] = ()
    lacuna: LacunaNoTexto | None = None
    fundamentos: tuple[str, ...]

    def para_json(self) -> dict[str, Any]:
        return {
            "infracao": self.infracao,
            "infracao_aplicavel": self.infracao_aplicavel,
            "linha": self.linha,
            "medidas": list(self.medidas),
            "medidas_dispensadas": list(self.medidas_dispensadas),
            "notificar": list(self.notificar),
            "documentos": list(self.documentos),
            "ordens_estrangeira": list(self.ordens_estrangeira),
            "lacuna": self.lacuna.para_json() if self.lacuna else None,
            "fundamentos": list(self.fundamentos),
        }


# --- o motor ---------------------------------------------------------------------------------

# condição da linha -> campo da constatação que a alimenta, e o que pedir quando falta
_ENTRADA = {
    "situacao": ("situacao", "informe navegando ou parada (atracada, fundeada ou na boia)"),
    "condutor_possui_habilitacao": (
        "condutor_possui_habilitacao",
        "informe se o condutor é habilitado (possui CHA/CIR)",
    ),
    "vencimento": (
        "anos_vencida",
        "informe anos_vencida (ou validade_habilitacao e data_inspecao)",
    ),
    "categoria_item": (
        "categoria_item",
        "informe salvatagem, radiocomunicacao, incendio ou outros",
    ),
    "embarcacao_inscrita": (
        "embarcacao_inscrita",
        "informe se a embarcação é inscrita ou registrada",
    ),
    "reincidente": ("reincidente", "informe se há reincidência"),
}


def _valores(c: Constatacao, t: TabelaMedidas) -> dict[str, object]:
    return {
        "situacao": c.situacao,
        "condutor_possui_habilitacao": c.condutor_possui_habilitacao,
        "vencimento": faixa_por_anos(c.anos_vencida, t.vencimento.limite_anos),
        "categoria_item": c.categoria_item,
        "embarcacao_inscrita": c.embarcacao_inscrita,
        "reincidente": c.reincidente,
    }


def _escolher_linha(t: TabelaMedidas, infracao: str, c: Constatacao) -> Linha | None:
    candidatas = t.linhas_de(infracao)
    if not candidatas:
        return None
    valores = _valores(c, t)
    possiveis = [
        linha
        for linha in candidatas
        if all(v is None or linha.condicoes.aceita(k, v) for k, v in valores.items())
    ]
    for condicao, (campo, pedido) in _ENTRADA.items():
        usa = [x for x in possiveis if condicao in x.condicoes.campos()]
        if valores[condicao] is None and usa:
            raise EntradaInvalida(
                f"obrigatório para {infracao}: {pedido}",
                campo=campo,
                regra=usa[0].citacoes[0].referencia(),
            )
    if not possiveis:
        if c.anos_vencida is None and any(x.condicoes.vencimento for x in candidatas):
            campo, pedido = _ENTRADA["vencimento"]
            raise EntradaInvalida(
                f"obrigatório para {infracao} (CHA/CIR vencida): {pedido}",
                campo=campo,
                regra=candidatas[0].citacoes[0].referencia(),
            )
        raise EntradaInvalida(  # pragma: no cover - a cobertura da tabela é testada
            f"a constatação não corresponde a nenhuma linha da tabela para {infracao}",
            campo="infracao",
        )
    assert len(possiveis) == 1, "tabela ambígua apesar da verificação na carga"
    return possiveis[0]


def _validar_infracao(t: TabelaMedidas, infracao: str) -> None:
    from farol.normas.infracoes import catalogo

    conhecidas = list(dict.fromkeys([*catalogo().infracoes, *t.infracoes_conhecidas()]))
    if infracao in conhecidas:
        return
    incisos = [k for k in conhecidas if k.startswith(infracao + ".")]
    if incisos:
        raise EntradaInvalida(f"informe o inciso: {', '.join(incisos)}", campo="infracao")
    if infracao.count(".") == 2:
        artigo = infracao.rsplit(".", 1)[0]
        do_artigo = [k for k in conhecidas if k == artigo or k.startswith(artigo + ".")]
        if do_artigo:
            raise EntradaInvalida(
                f"inciso inexistente {citado(infracao)}; existentes: {', '.join(do_artigo)}",
                campo="infracao",
            )
    raise EntradaInvalida(
        infracao_desconhecida(infracao), campo="infracao", consulte=CATALOGO_DE_INFRACOES
    )


def _interpretacao(i: Interpretacao) -> str:
    return f"{'; '.join(c.referencia() for c in i.citacoes)} (interpretação: {i.titulo})"


def _ref(c: Citacao) -> str:
    return c.referencia()


def _fora_de_vigencia(infracao: str, v: Vigencia, data: dt.date) -> ForaDeVigencia:
    return ForaDeVigencia(
        f"{infracao}: {v.descricao} — vigência a partir de {v.inicio:%d/%m/%Y}; inspeção em "
        f"{data:%d/%m/%Y}: {v.antes}",
        campo="data_inspecao",
        regra=v.citacao.referencia(),
    )


def _conferir_vigencia_da_infracao(t: TabelaMedidas, infracao: str, data: dt.date | None) -> None:
    """Antes de pedir fatos: se nenhuma linha da infração (ou, sem linhas, a tabela) vigorava."""
    if data is None:
        return
    linhas = t.linhas_de(infracao)
    vigencias = [t.vigencia_de(x) for x in linhas] if linhas else [t.vigencia_de(None)]
    primeira = min(vigencias, key=lambda v: v.inicio)
    if data < primeira.inicio:
        raise _fora_de_vigencia(infracao, primeira, data)


def _conferir_vigencia(
    t: TabelaMedidas, infracao: str, linha: Linha | None, data: dt.date | None
) -> None:
    """A linha escolhida (ou a resposta sem linha) já vigorava na data da inspeção."""
    v = t.vigencia_de(linha)
    if data is not None and data < v.inicio:
        raise _fora_de_vigencia(infracao, v, data)


def aplicar_medidas(c: Constatacao, tabela: TabelaMedidas | None = None) -> ResultadoMedidas:
    """Medidas liminares, notificados, formulários e fundamentos para a constatação `c`."""
    t = tabela or carregar_tabela()
    _validar_infracao(t, c.infracao)
    _conferir_vigencia_da_infracao(t, c.infracao, c.data_inspecao)
    fundamentos: list[str] = []
    aplicavel = c.infracao
    linha = _escolher_linha(t, c.infracao, c)
    _conferir_vigencia(t, c.infracao, linha, c.data_inspecao)
    if linha is not None and linha.remissao is not None:
        fundamentos += [f"{_ref(x)}: remete a {linha.remissao}" for x in linha.citacoes]
        aplicavel = linha.remissao
        _conferir_vigencia_da_infracao(t, linha.remissao, c.data_inspecao)
        linha = _escolher_linha(t, linha.remissao, c)
        _conferir_vigencia(t, aplicavel, linha, c.data_inspecao)
    assert linha is None or linha.remissao is None

    medidas: tuple[str, ...] = ()
    dispensadas: tuple[str, ...] = ()
    lacuna: LacunaNoTexto | None = None
    if linha is None:
        notificar, sem_linha = _sem_linha(t, c.infracao)
        fundamentos += sem_linha
        lacuna = lacuna_no_texto(c.infracao, t)
    else:
        fundamentos += [_ref(x) for x in linha.citacoes]
        aplicar = set(linha.medidas)
        if linha.dispensa is not None and c.condutor_habilitado_presente:
            dispensadas = tuple(m for m in t.medidas if m in linha.dispensa.medidas)
            aplicar -= set(dispensadas)
            fundamentos.append(
                f"{_ref(linha.dispensa.citacao)}: condutor habilitado apresentou-se durante a "
                f"abordagem; dispensada(s): {', '.join(dispensadas)}"
            )
        medidas = tuple(m for m in t.medidas if m in aplicar)
        notificar = tuple(a for a in t.autores if a in linha.notificar)
        aplicavel = linha.infracao_aplicavel or aplicavel
        if linha.condicoes.vencimento is not None:
            fundamentos.append(_interpretacao(t.interpretacoes[t.vencimento.interpretacao]))
        fundamentos += [_interpretacao(t.interpretacoes[i]) for i in linha.interpretacoes]
        if linha.vigencia is not None and linha.vigencia != t.vigencia_padrao:
            # linha fora do grupo padrão (ex.: art. 4º-A da LESTA): diz desde quando vale
            v = t.vigencias[linha.vigencia]
            fundamentos.append(
                f"{_ref(v.citacao)}: {v.descricao}, em vigor desde {v.inicio:%d/%m/%Y}"
            )

    documentos: list[str] = []
    for m in medidas:  # a linha já cita a nota dos formulários ou a interpretação (carga)
        documentos += [d for d in t.medidas[m].documentos if d not in documentos]

    ordens: tuple[str, ...] = ()
    if c.embarcacao_estrangeira:
        estrangeira = t.ordens_embarcacao_estrangeira
        ordens = tuple(estrangeira.ordens)
        fundamentos += [_ref(o.citacao) for o in estrangeira.ordens.values()]
        fundamentos.append(_interpretacao(t.interpretacoes[estrangeira.interpretacao]))

    return ResultadoMedidas(
        infracao=c.infracao,
        infracao_aplicavel=aplicavel,
        linha=linha.id if linha else None,
        medidas=medidas,
        medidas_dispensadas=dispensadas,
        notificar=notificar,
        documentos=tuple(documentos),
        ordens_estrangeira=ordens,
        lacuna=lacuna,
        fundamentos=tuple(dict.fromkeys(fundamentos)),
    )


def lacuna_no_texto(infracao: str, tabela: TabelaMedidas | None = None) -> LacunaNoTexto | None:
    """A lacuna do texto de referência para `infracao`, se a tabela a registra (`lacunas`)."""
    t = tabela or carregar_tabela()
    da_tabela = t.lacuna_de(infracao)
    if da_tabela is None:
        return None
    return LacunaNoTexto(infracao=infracao, citacao=da_tabela.citacao, texto=da_tabela.texto)


def _sem_linha(t: TabelaMedidas, infracao: str) -> tuple[tuple[str, ...], list[str]]:
    """Infração sem linha: nenhuma medida; notifica-se o autor material, se classificado."""
    lacuna = t.lacuna_de(infracao)
    if lacuna is not None:
        fundamentos = [
            f"{_ref(lacuna.citacao)}: nenhuma medida liminar na tabela para "
            f"{infracao}: {lacuna.texto}"
        ]
    else:
        fundamentos = [
            f"{_ref(t.abrangencia)}: a norma não lista medida administrativa "
            f"liminar para {infracao}"
        ]
    autoria = t.autoria_de(infracao)
    if autoria is None:
        fundamentos.append(
            f"{_ref(t.autoria_geral)}: autor material não classificado por esta "
            "tabela; o Inspetor Naval o identifica"
        )
        return (), fundamentos
    if autoria.citacao is not None:
        fundamentos.append(_ref(autoria.citacao))
    if autoria.interpretacao is not None:
        fundamentos.append(_interpretacao(t.interpretacoes[autoria.interpretacao]))
    return tuple(a for a in t.autores if a in autoria.autores), fundamentos
